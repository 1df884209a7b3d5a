import type { LineChart, PanelGroup } from '@prepay/contracts';
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
    queryFn: () => request<PanelGroup>('/api/dashboard/readPanelGroup'),
  });
}

export function useLineChart(type: number, days: number) {
  return useQuery({
    queryKey: ['dashboard', 'line', type, days],
    queryFn: () => request<LineChart>('/api/dashboard/readLineChart', { type, days }),
  });
}
