import type { RevprotSummaryRequest, TransformerLoss } from '@prepay/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.js';
import type { SessionUser } from '../../lib/user-context.js';
import { balanceQuery } from './findings.repo.js';

interface LossRecord {
  transformer_id: string;
  transformer_name: string | null;
  check_units: string | number;
  customer_units: string | number;
  complete_days: number;
  incomplete_days: number;
}

const kwh = (units: string | number) => Number(units) / 10;

/**
 * Each transformer's loss over the range, summed over its complete days only (the day balance's rule: a
 * day with a reading missing is counted, not guessed), largest loss first.
 */
export async function readTransformerLosses(
  q: Queryable,
  req: RevprotSummaryRequest,
  user: SessionUser,
): Promise<TransformerLoss[]> {
  const balance = balanceQuery({ days: req.days, pageNumber: 1, pageSize: 1 }, user);
  const rows = rowsOf<LossRecord>(
    await q.execute(sql`
      select x.transformer_id, x.transformer_name,
        coalesce(sum(x.check_units) filter (where x.loss_units is not null), 0)::bigint as check_units,
        coalesce(sum(x.customer_units) filter (where x.loss_units is not null), 0)::bigint as customer_units,
        count(*) filter (where x.loss_units is not null)::int as complete_days,
        count(*) filter (where x.loss_units is null)::int as incomplete_days
      from (${balance}) x
      group by x.transformer_id, x.transformer_name
      order by x.transformer_id`),
  );
  return rows
    .map((r) => {
      const check = Number(r.check_units);
      const loss = check - Number(r.customer_units);
      return {
        transformerId: r.transformer_id,
        transformerName: r.transformer_name,
        checkEnergy: kwh(r.check_units),
        customerEnergy: kwh(r.customer_units),
        lossEnergy: loss / 10,
        lossPercent: check > 0 ? Math.round((loss * 10000) / check) / 100 : null,
        completeDays: Number(r.complete_days),
        incompleteDays: Number(r.incomplete_days),
      };
    })
    .sort((a, b) => (b.lossPercent ?? -1e9) - (a.lossPercent ?? -1e9));
}
