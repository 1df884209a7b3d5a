import { type ConsumptionRow, PREPAY_REPORT_API, type ReportScope, type RequestOf } from '@prepay/contracts';
import { call } from '../../lib/call';

/** The report's filter: what the grid sends, without paging. */
export type ConsumptionFilter = RequestOf<typeof PREPAY_REPORT_API.consumptionStatistics>;

/** The read cap of the API: the chart reads the whole result page by page. */
const PAGE = 1000;

/** Every row of the consumption report's filter, oldest first. */
export async function readAllConsumption(filter: ConsumptionFilter): Promise<ConsumptionRow[]> {
  const rows: ConsumptionRow[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await call(PREPAY_REPORT_API.consumptionStatistics, {
      ...filter,
      pageNumber,
      pageSize: PAGE,
      orderBy: 'currentDate asc',
    });
    rows.push(...page.data);
    if (page.data.length < PAGE || rows.length >= page.total) return rows;
  }
}

/** The report's scope for a filter: one row's read (the summary answers it at once). */
export async function readConsumptionScope(filter: ConsumptionFilter): Promise<ReportScope> {
  const page = await call(PREPAY_REPORT_API.consumptionStatistics, { ...filter, pageNumber: 1, pageSize: 1 });
  return page.scope;
}
