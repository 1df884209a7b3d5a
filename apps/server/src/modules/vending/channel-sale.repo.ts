import { and, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { remoteTasks } from '../../db/schema.js';
import { tokenRecords } from '../../db/schema-vending.js';
import type { TokenRecordRow } from './vending.repo.js';

/** One token record by id, locked until the transaction ends when `lock`. */
export async function recordById(
  q: Queryable,
  id: number,
  lock = false,
): Promise<TokenRecordRow | undefined> {
  const query = q.select().from(tokenRecords).where(eq(tokenRecords.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Whether the meter is known to have taken a credit token: a later TID-bearing token was issued to it
 * (a meter accepts TIDs in order, so the later one supersedes the question), or a token task that carried
 * these digits finished with the meter's answer.
 */
export async function tokenKnownUsed(q: Queryable, r: TokenRecordRow): Promise<boolean> {
  const [later] = await q
    .select({ id: tokenRecords.id })
    .from(tokenRecords)
    .where(and(eq(tokenRecords.meterId, r.meterId), gt(tokenRecords.tid, r.tid ?? 0)))
    .limit(1);
  if (later) return true;
  const [task] = await q
    .select({ id: remoteTasks.id })
    .from(remoteTasks)
    .where(
      and(
        eq(remoteTasks.meterId, r.meterId),
        eq(remoteTasks.kind, 'token'),
        eq(remoteTasks.status, 1),
        sql`regexp_replace(coalesce(${remoteTasks.request}, ''), '[^0-9]', '', 'g') = ${r.token}`,
      ),
    )
    .limit(1);
  return task !== undefined;
}
