import { FEED_API, type PaymentsFeed } from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineFeedRoute, type RouteDef } from '../../http/route.js';
import { minorToNumber, tenthsToNumber } from '../../kernel/money.js';
import { currencyName, readPayments } from './payments-feed.repo.js';

/** One answer holds at most this many payments; a longer range is cut and says so in `errors`. */
export const FEED_LIMIT = 10_000;
const NOT_KNOWN = 'N/A';

/**
 * GET /api/token/creditTokenRecord/readMore?SITE_ID&FROM&TO: the original's payments feed for an external
 * data platform, not enveloped. Issued credit tokens only — a cancelled vend is not
 * a payment — oldest first, timestamps in ISO 8601 UTC.
 */
export function paymentsFeedRoute(deps: Deps): RouteDef {
  const { db } = deps.database;
  return defineFeedRoute({
    endpoint: FEED_API.payments,
    tag: 'Token',
    summary: 'Payments feed: issued credit tokens of a station between FROM and TO (not enveloped)',
    handler: async (q, { user }): Promise<z.infer<typeof PaymentsFeed>> => {
      const rows = await readPayments(db, {
        user,
        siteId: q.SITE_ID || null,
        range: [q.FROM, q.TO],
        limit: FEED_LIMIT + 1,
      });
      const currency = (await currencyName(db)) ?? NOT_KNOWN;
      const payments = rows.slice(0, FEED_LIMIT).map((r) => ({
        timestamp: r.createDate.toISOString(),
        amount: minorToNumber(r.totalPaidMinor ?? 0),
        transactionKwh: tenthsToNumber(r.units ?? 0),
        currency,
        transactionType: 'FULL_PAYMENT',
        transactionId: `transaction-${r.meterId}${r.token}`,
        customerId: r.customerId ?? NOT_KNOWN,
        meterId: r.meterId,
        serialNumber: NOT_KNOWN,
      }));
      const cut = rows.length > FEED_LIMIT;
      return {
        payments,
        errors: cut ? `More than ${FEED_LIMIT} payments: narrow FROM and TO to get the rest` : null,
      };
    },
  });
}
