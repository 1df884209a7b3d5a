import { DASHBOARD_API, REVPROT_CASE_API } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';

/** The dashboard's line chart types, numbered as the original numbers them. */
export const CHART = {
  accounts: 0,
  times: 1,
  units: 2,
  money: 3,
  dailyConsumption: 4,
  monthlyConsumption: 5,
  successRate: 6,
  alarms: 7,
} as const;

export function usePanelGroup() {
  return useQuery({
    queryKey: ['dashboard', 'panel'],
    queryFn: () => call(DASHBOARD_API.panelGroup),
  });
}

/** A chart type the line-chart call accepts. */
export type ChartType = (typeof CHART)[keyof typeof CHART];

export function useLineChart(type: ChartType, days: number) {
  return useQuery({
    queryKey: ['dashboard', 'line', type, days],
    queryFn: () => call(DASHBOARD_API.lineChart, { type, days }),
  });
}

/** Each transformer's loss over the days (the losses card). */
export function useTransformerLosses(days: [string, string]) {
  return useQuery({
    queryKey: ['dashboard', 'revprot-losses', days[0], days[1]],
    queryFn: () => call(REVPROT_CASE_API.summary, { days }),
  });
}

/** How many revenue-protection cases are not closed yet (the open cases card). */
export function useOpenCaseCount() {
  return useQuery({
    queryKey: ['dashboard', 'revprot-open-cases'],
    queryFn: async () => (await call(REVPROT_CASE_API.read, { openOnly: true, pageSize: 1 })).total,
  });
}
