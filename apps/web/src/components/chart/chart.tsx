import { Spin } from 'antd';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

export interface ChartProps {
  option: ChartOption;
  height?: number;
  /** Read by screen readers: what the chart shows. */
  label: string;
  testId?: string;
  loading?: boolean;
}

/** Data points across the option's series (the browser tests read it: a chart of nothing says 0). */
export function pointsOf(option: ChartOption): number {
  const series = Array.isArray(option.series) ? option.series : option.series ? [option.series] : [];
  return series.reduce((n, s) => n + (Array.isArray(s.data) ? s.data.length : 0), 0);
}

/**
 * An echarts canvas that fills its container's width. echarts (with only the charts in
 * echarts-setup.ts) is loaded the first time a chart mounts; it follows the container's size.
 */
export function Chart({ option, height = 300, label, testId, loading = false }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const [rendered, setRendered] = useState(0);

  useEffect(() => {
    let gone = false;
    let resize: ResizeObserver | undefined;
    void import('./echarts-setup').then(({ init }) => {
      const el = box.current;
      if (gone || !el) return;
      const instance = init(el);
      chart.current = instance;
      instance.on('finished', () => setRendered((n) => n + 1));
      resize = new ResizeObserver(() => instance.resize());
      resize.observe(el);
      setReady(true);
    });
    return () => {
      gone = true;
      resize?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, true);
  }, [ready, option]);

  return (
    <Spin spinning={loading || !ready}>
      <div
        ref={box}
        role="img"
        aria-label={label}
        data-testid={testId}
        data-points={pointsOf(option)}
        data-rendered={rendered > 0 ? 'true' : 'false'}
        style={{ width: '100%', height }}
      />
    </Spin>
  );
}
