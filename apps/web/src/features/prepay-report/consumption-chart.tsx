import { useQuery } from '@tanstack/react-query';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../components/chart/chart';
import { type ConsumptionFilter, readAllConsumption } from './api';

/** The Chart view: consumption per day or month over the whole filtered range, oldest first. */
export function ConsumptionChart({ body, monthly }: { body: ConsumptionFilter; monthly: boolean }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['report-consumption-chart', body],
    queryFn: () => readAllConsumption(body),
  });
  const rows = query.data ?? [];
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)} kWh` },
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: rows.map((r) => r.currentDate.slice(0, monthly ? 7 : 10)),
      },
      yAxis: { type: 'value', name: 'kWh' },
      series: [
        {
          type: 'bar',
          name: t('report.consumption'),
          data: rows.map((r) => r.consumption),
          itemStyle: { color: '#3888fa' },
        },
      ],
    }),
    [rows, monthly, t],
  );
  if (query.isSuccess && rows.length === 0) return <Empty data-testid="consumption-chart-empty" />;
  return (
    <Chart
      option={option}
      height={360}
      label={t('report.consumptionChart')}
      testId="consumption-chart"
      loading={query.isFetching}
    />
  );
}
