import { type ConsumptionRow, PREPAY_REPORT_PATHS } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../components/chart/chart';
import { request } from '../../lib/request';

const PATH = PREPAY_REPORT_PATHS.consumptionStatistics;
/** The read cap of the API: the chart reads the whole result page by page. */
const PAGE = 1000;

async function readAll(body: Record<string, unknown>): Promise<ConsumptionRow[]> {
  const rows: ConsumptionRow[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await request<{ total: number; data: ConsumptionRow[] }>(PATH, {
      ...body,
      pageNumber,
      pageSize: PAGE,
      orderBy: 'currentDate asc',
    });
    rows.push(...page.data);
    if (page.data.length < PAGE || rows.length >= page.total) return rows;
  }
}

/** The Chart view: consumption per day or month over the whole filtered range, oldest first. */
export function ConsumptionChart({ body, monthly }: { body: Record<string, unknown>; monthly: boolean }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['report-consumption-chart', body], queryFn: () => readAll(body) });
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
