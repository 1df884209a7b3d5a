import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { items } from '../../db/schema.js';
import { tokenRecords } from '../../db/schema-vending.js';
import { allOf, dateTimeRange, stationScope } from '../../kernel/read-query.js';
import type { SessionUser } from '../../lib/user-context.js';

/** Which payments a feed asks for: the user's station (or `siteId` within it) between two wire date-times. */
export interface PaymentsWindow {
  user: SessionUser;
  siteId: string | null;
  range: readonly (string | null | undefined)[];
  limit: number;
}

/** Issued credit vends (a cancelled one is not a payment) in the window, oldest first, at most `limit`. */
export function readPayments(q: Queryable, w: PaymentsWindow) {
  const where = allOf([
    eq(tokenRecords.kind, 'credit'),
    eq(tokenRecords.status, 0),
    ...stationScope(tokenRecords.stationId, w.user, w.siteId),
    ...dateTimeRange(tokenRecords.createDate, w.range),
  ]);
  return q
    .select()
    .from(tokenRecords)
    .where(where)
    .orderBy(asc(tokenRecords.createDate), asc(tokenRecords.id))
    .limit(w.limit);
}

/** The currency the basic information names (its English text), if it names one. */
export async function currencyName(q: Queryable): Promise<string | null> {
  const [currency] = await q
    .select({ en: items.en })
    .from(items)
    .where(and(eq(items.itemType, 'BasicInformation'), eq(items.itemName, 'Currency')));
  return currency?.en || null;
}
