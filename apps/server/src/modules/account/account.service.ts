import type { AccountRequest, AccountRow } from '@prepay/contracts';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { auditDeleted, writeAudit } from '../../kernel/audit.js';
import type { WriteStamp } from '../../kernel/audited-write.js';
import {
  assertNoDuplicateKeys,
  checkEach,
  keepEach,
  type RowLabels,
  RowProblems,
  type WriteAction,
} from '../../kernel/rows.js';
import { assertStation } from '../../kernel/station-guard.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import {
  deleteAccount,
  loadAccounts,
  loadRelated,
  markMetersUsed,
  readAccounts,
  saveAccount,
} from './account.repo.js';

interface AccountPlan {
  r: AccountRequest;
  key: string;
  old: AccountRow | undefined;
  stationId: string;
}

/** Writes the checked rows; the meter an account leaves is unused again, the one it binds is used. */
async function storePlans(tx: Tx, plans: AccountPlan[], stamp: WriteStamp) {
  for (const { r, key, old, stationId } of plans) {
    const values = {
      meterId: r.meterId,
      customerId: r.customerId,
      tariffId: r.tariffId,
      ...keepEach(r, old, ['ctRatio', 'remark']),
      stationId,
    };
    await saveAccount(tx, stamp, old && key, values);
    if (old && key !== r.meterId) await markMetersUsed(tx, [key], false);
    await markMetersUsed(tx, [r.meterId], true);
  }
}

/**
 * An account binds a customer, a meter and a tariff of one station (tariffs of a system station are
 * shared by all). Binding marks the meter used; unbinding (delete, or re-homing to another meter)
 * marks it unused again.
 */
async function write(
  deps: Deps,
  ctx: UserContext,
  rows: AccountRequest[],
  action: WriteAction,
  labels?: RowLabels,
) {
  const keyOf = (r: AccountRequest) => (action === 'Update' ? (r.oldMeterId ?? r.meterId) : r.meterId);
  const keys = rows.map(keyOf);
  assertNoDuplicateKeys(keys, labels);
  assertNoDuplicateKeys(
    rows.map((r) => r.meterId),
    labels,
  );
  return deps.database.db.transaction(async (tx) => {
    const meterIds = [...new Set([...keys, ...rows.map((r) => r.meterId)])];
    const before = new Map((await loadAccounts(tx, meterIds)).map((a) => [a.meterId, a]));
    const { customerRows, meterRows, tariffRows } = await loadRelated(tx, rows, meterIds);
    const plans = checkEach(
      rows,
      labels,
      (r) => `account of meter ${r.meterId}`,
      (r, problem) => {
        const key = keyOf(r);
        const old = action === 'Update' ? before.get(key) : undefined;
        const customer = customerRows.find((c) => c.id === r.customerId);
        const meter = meterRows.find((m) => m.id === r.meterId);
        const tariff = tariffRows.find((t) => t.id === r.tariffId);
        if (action === 'Update' && !old) problem(`no account for meter ${key}`);
        if (old) assertStation(ctx.user, old.stationId);
        if (!customer) problem(`customer ${r.customerId} not found`);
        if (!meter) problem(`meter ${r.meterId} not found`);
        if (!tariff) problem(`tariff ${r.tariffId} not found`);
        const stationId = r.stationId?.trim() || customer?.stationId || ctx.user.stationId;
        assertStation(ctx.user, stationId);
        if (customer && customer.stationId !== stationId)
          problem(`customer ${r.customerId} belongs to station ${customer.stationId}`);
        if (meter && meter.stationId !== stationId)
          problem(`meter ${r.meterId} belongs to station ${meter.stationId}`);
        if (tariff && !tariff.shared && tariff.stationId !== stationId) {
          problem(`tariff ${r.tariffId} belongs to station ${tariff.stationId}`);
        }
        const bound = before.get(r.meterId);
        if (bound && bound.meterId !== old?.meterId) {
          problem(`meter ${r.meterId} already has an account (customer ${bound.customerId})`);
        }
        return { r, key, old, stationId };
      },
    );
    await storePlans(tx, plans, { userId: ctx.user.userId, now: deps.clock.now() });
    const after = await loadAccounts(
      tx,
      rows.map((r) => r.meterId),
    );
    for (const [i, a] of after.entries()) {
      await writeAudit(tx, ctx.actor, { title: 'Account', action, before: plans[i]?.old, after: a });
    }
    return after;
  });
}

async function remove(
  deps: Deps,
  ctx: UserContext,
  rows: { customerId: string; meterId: string }[],
): Promise<AccountRow[]> {
  const ids = rows.map((r) => r.meterId);
  assertNoDuplicateKeys(ids, undefined);
  return deps.database.db.transaction(async (tx) => {
    const before = await loadAccounts(tx, ids);
    const problems = new RowProblems();
    rows.forEach((r, i) => {
      const a = before.find((b) => b.meterId === r.meterId);
      if (!a || a.customerId !== r.customerId) {
        problems.add(undefined, i, `no account binds customer ${r.customerId} and meter ${r.meterId}`);
      }
    });
    problems.throwIfAny('Nothing was deleted');
    for (const b of before) assertStation(ctx.user, b.stationId);
    for (const r of rows) await deleteAccount(tx, r.meterId, r.customerId);
    await markMetersUsed(tx, ids, false);
    await auditDeleted(tx, ctx.actor, 'Account', before);
    return before;
  });
}

export function createAccountService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readAccounts), write, remove });
}
export type AccountService = ReturnType<typeof createAccountService>;
