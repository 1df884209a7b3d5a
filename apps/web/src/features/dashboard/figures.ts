import type { PanelGroup } from '@prepay/contracts';
import type { ChartOption } from '../../components/chart/chart';
import { formatNumber } from '../../lib/format';
import type { Language } from '../../lib/i18n';

export type PanelKey = 'accounts' | 'times' | 'units' | 'money';

/** The generic currency sign, until the dictionary's currency has loaded (or if it has none). */
export const NO_CURRENCY = '¤';

/** Decimals per panel: money 2, energy 1 (0.1 kWh steps), counts none. */
const PLACES: Record<PanelKey, number> = { accounts: 0, times: 0, units: 1, money: 2 };

/** A panel's figure with the user's thousands separators and its places; the unit is in the label. */
export function panelFigure(key: PanelKey, value: PanelGroup[keyof PanelGroup], lang: Language): string {
  return formatNumber(value, PLACES[key], lang);
}

/**
 * The hourly success-rate line: a null hour (no task finished) stays null, and echarts draws a break
 * there instead of a fall to 0 %; the tooltip says "no data" for it.
 */
export function successRateOption(
  xData: string[],
  yData: (number | null)[],
  title: string,
  noData: string,
  lang: Language,
): ChartOption {
  return {
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) => (typeof v === 'number' ? `${formatNumber(v, 1, lang)} %` : noData),
    },
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: xData },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    series: [
      {
        type: 'line',
        name: title,
        data: yData,
        connectNulls: false,
        showSymbol: true,
        symbolSize: 4,
        areaStyle: { opacity: 0.15 },
      },
    ],
  };
}
