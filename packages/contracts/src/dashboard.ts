import { z } from 'zod';

export const PanelGroup = z.object({
  totalAccountCount: z.number(),
  totalPurchaseTimes: z.number(),
  /** kWh. */
  totalPurchaseUnit: z.number(),
  totalPurchaseMoney: z.number(),
});
export type PanelGroup = z.infer<typeof PanelGroup>;

/**
 * Line chart types: 0 account count, 1 purchase times, 2 purchase unit, 3 purchase
 * money (per day), 4 daily consumption, 5 monthly consumption, 6 hourly success rate (%), 7 abnormal alarms.
 */
export const LINE_CHART_TYPES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export const LineChartRequest = z.object({
  type: z.number().int().min(0).max(7),
  /** Days (types 0–4), months (5), hours (6); ignored by 7. */
  days: z.number().int().min(1).max(366).default(30),
});
export type LineChartRequest = z.infer<typeof LineChartRequest>;

/**
 * One point per x label. A null point is a period with nothing to measure (the success rate of an hour in
 * which no task finished): charts draw it as a break, never as zero.
 */
export const LineChart = z.object({ xData: z.array(z.string()), yData: z.array(z.number().nullable()) });
export type LineChart = z.infer<typeof LineChart>;
