import { CREDIT_API, type RequestOf } from '@prepay/contracts';
import { call } from '../../lib/call';

/** Cancels credit vends (the authorization password is required). */
export const cancelCredit = (body: RequestOf<typeof CREDIT_API.cancel>) => call(CREDIT_API.cancel, body);

/** Which credit record list a totals row sums. */
export type TotalsOf = 'credit' | 'creditCancel';
const TOTALS = { credit: CREDIT_API.totals, creditCancel: CREDIT_API.cancelTotals } as const;

/** The totals of every record the list's filter matches. */
export const readTotals = (list: TotalsOf, filter: RequestOf<typeof CREDIT_API.totals>) =>
  call(TOTALS[list], filter, { silent: true });
