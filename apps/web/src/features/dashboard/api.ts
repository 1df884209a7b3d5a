import { DASHBOARD_API } from '@prepay/contracts';
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
