import { DASHBOARD_PATHS, type LineChart, type PanelGroup } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/request';

/** Line chart types of original-api.md §10. */
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
    queryFn: () => request<PanelGroup>(DASHBOARD_PATHS.panelGroup),
  });
}

export function useLineChart(type: number, days: number) {
  return useQuery({
    queryKey: ['dashboard', 'line', type, days],
    queryFn: () => request<LineChart>(DASHBOARD_PATHS.lineChart, { type, days }),
  });
}
