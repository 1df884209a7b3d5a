import type {
  VendorCredentialRequest,
  VendorFloatRequest,
  VendorRequest,
  VendorStatementRequest,
} from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { batchWriter } from '../../kernel/batch-write.js';
import { toBasisPoints, toMinor } from '../../kernel/money.js';
import { assertStationsExist, assertUniqueKeys, loadBatchTargets } from '../../kernel/rows.js';
import { assertSystemAdmin } from '../../kernel/station-guard.js';
import { formatDateTime } from '../../lib/dates.js';
import { notFound, present, refuse } from '../../lib/domain-errors.js';
import { generatePassword, hashPassword } from '../../lib/passwords.js';
import type { SessionUser, UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import type { AuthorizationPasswordCheck } from '../auth/index.js';
import {
  hasMovements,
  lockVendor,
  moveFloat,
  readStatement,
  readVendors,
  saveSecretHash,
  toVendorRow,
  vendorRows,
} from './vendor.repo.js';

/** Vendors sell for several stations and hold money: only a system administrator manages them. */
const ADMIN_ONLY = 'Only a system administrator manages vendors';

const write = batchWriter({
  target: vendorRows.writes,
  allowed: (user) => assertSystemAdmin(user, ADMIN_ONLY),
  keyOf: (r: z.infer<typeof VendorRequest>) => r.vendorId,
  uniqueKeys: assertUniqueKeys,
  plan: async (tx, { rows, keys: ids, action }) => {
    const before = await loadBatchTargets(tx, vendorRows.writes, ids, action, 'Vendor');
    await assertStationsExist(tx, [...new Set(rows.flatMap((r) => r.stationIds))]);
    const saves = rows.map((r) => ({
      stored: action === 'Update' ? vendorRows.stored(r.vendorId) : undefined,
      values: {
        vendorName: r.vendorName,
        vendorKind: r.vendorKind,
        stationIds: [...new Set(r.stationIds)],
        clientId: r.clientId,
        terminalId: r.terminalId,
        enabled: r.enabled,
        creditLimitMinor: toMinor(r.creditLimit),
        commissionBp: toBasisPoints(r.commissionRate),
        dailyLimitMinor: r.dailyLimit === null || r.dailyLimit === undefined ? null : toMinor(r.dailyLimit),
        shortCode: r.shortCode || null,
        remark: r.remark ?? null,
      },
      key: { vendorId: r.vendorId },
    }));
    return { before, saves };
  },
});

async function remove(deps: Deps, ctx: UserContext, keys: { vendorId: string }[]) {
  const ids = keys.map((k) => k.vendorId);
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  return deps.database.db.transaction(async (tx) => {
    const before = await vendorRows.load(tx, ids);
    if (before.length !== new Set(ids).size) throw notFound('Vendor');
    if (await hasMovements(tx, ids)) {
      throw refuse('A vendor whose float has moved cannot be deleted: disable it instead');
    }
    return vendorRows.remove(tx, ctx.actor, ids, before);
  });
}

/** A vendor the caller may act on, locked for the rest of the transaction. */
async function lockedVendor(tx: Parameters<typeof lockVendor>[0], vendorId: string) {
  const v = await lockVendor(tx, vendorId);
  if (!v) throw notFound('Vendor');
  return v;
}

/**
 * Issues a vendor's machine secret or replaces it: the old one stops working when this commits. The
 * secret is answered once and only its argon2id hash is kept; the audit row says that it changed, never it.
 */
async function issueCredential(
  deps: Deps,
  check: AuthorizationPasswordCheck,
  ctx: UserContext,
  req: z.infer<typeof VendorCredentialRequest>,
) {
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  await check(ctx.user.userId, req.authorizationPassword);
  const secret = generatePassword(32);
  const hash = await hashPassword(secret);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const v = await lockedVendor(tx, req.vendorId);
    await saveSecretHash(tx, v.vendorId, hash, ctx.user.userId, now);
    await writeAudit(tx, ctx.actor, {
      title: 'Vendor',
      action: v.secretHash ? 'RotateCredential' : 'IssueCredential',
      content: `Machine secret of vendor ${v.vendorId} ${v.secretHash ? 'replaced' : 'issued'}`,
    });
  });
  return {
    vendorId: req.vendorId,
    username: req.vendorId,
    secret,
    issuedDate: present(formatDateTime(now), 'the issue date'),
  };
}

/** A top-up or adjustment of a vendor's float, with the caller's authorization password; audited. */
async function moveVendorFloat(
  deps: Deps,
  check: AuthorizationPasswordCheck,
  ctx: UserContext,
  req: z.infer<typeof VendorFloatRequest>,
) {
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  await check(ctx.user.userId, req.authorizationPassword);
  const amountMinor = req.amount.startsWith('-') ? -toMinor(req.amount.slice(1)) : toMinor(req.amount);
  return deps.database.db.transaction(async (tx) => {
    const v = await lockedVendor(tx, req.vendorId);
    if (v.balanceMinor + amountMinor < -v.creditLimitMinor) {
      throw refuse('The adjustment would take the float past its credit limit');
    }
    const after = await moveFloat(tx, {
      vendorId: v.vendorId,
      kind: req.kind,
      amountMinor,
      remark: req.remark,
      createId: ctx.user.userId,
      now: deps.clock.now(),
    });
    await writeAudit(tx, ctx.actor, {
      title: 'Vendor Float',
      action: req.kind === 'topUp' ? 'TopUp' : 'Adjust',
      content: req.remark,
      before: toVendorRow(v),
      after: toVendorRow(after),
    });
    return toVendorRow(after);
  });
}

/** A vendor's float ledger; a station user reads it only for vendors that sell for its station. */
async function statement(deps: Deps, req: z.infer<typeof VendorStatementRequest>, user: SessionUser) {
  const { db } = deps.database;
  const [vendor] = await vendorRows.load(db, [req.vendorId]);
  if (!vendor || (!user.isSystemAdmin && !vendor.stationIds.includes(user.stationId)))
    throw notFound('Vendor');
  return readStatement(db, req, user);
}

export function createVendorService(deps: Deps, check: AuthorizationPasswordCheck) {
  return {
    ...withDeps(deps, { read: onDatabase(readVendors), write, remove, statement }),
    credential: (ctx: UserContext, req: z.infer<typeof VendorCredentialRequest>) =>
      issueCredential(deps, check, ctx, req),
    float: (ctx: UserContext, req: z.infer<typeof VendorFloatRequest>) =>
      moveVendorFloat(deps, check, ctx, req),
  };
}
export type VendorService = ReturnType<typeof createVendorService>;
