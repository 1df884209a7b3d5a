import type {
  ChangeMeterKeyRecord,
  ManagementTokenRecord,
  UpdateMeterKeyRequest,
  UpdateMeterKeyResult,
} from '@prepay/contracts';
import { allocateTid, checkVendorProfile, type KeyedToken, type VendorOverdraftProfile } from '@prepay/sts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { invalid, present, refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { type DbKeyStore, keyStoreOf, type NextKeyFields } from '../keystore/index.js';
import { loadMeters, meterPanOf, toMeterRow } from '../meter/index.js';
import type { AuthorizationCheck } from './authorization-proof.js';
import {
  confirmKeyChangeRecord,
  findMeter,
  installKeyFields,
  lockKeyChangeRecord,
  setPendingKeyFields,
} from './key-change.repo.js';
import { keyChangeRecordOf, managementRecordOf } from './records.js';
import {
  insertRecord,
  lockMeterTokenState,
  type MeterRow,
  nextReceiptId,
  saveLastTid,
  type TokenKind,
  type TokenRecordRow,
} from './vending.repo.js';
import { recordOfAccount, requireVendable, stsRefusal } from './vending-guards.js';

type TidKind = Exclude<TokenKind, 'credit' | 'creditCancel' | 'changeKey'>;

/** Class 2 tokens by record kind; `value` is W for the limits and the profile's unit for overdraft. */
function tokenFor(kind: TidKind, profile: VendorOverdraftProfile | undefined) {
  return (tid: number, value: number): { token: KeyedToken; subclass: number } => {
    switch (kind) {
      case 'clearCredit':
        return { token: { kind, tid, register: 0xffff }, subclass: 1 };
      case 'clearTamper':
        return { token: { kind, tid }, subclass: 5 };
      case 'maxPower':
        return { token: { kind, tid, watts: value }, subclass: 0 };
      case 'maxPhaseUnbalance':
        return { token: { kind, tid, watts: value }, subclass: 6 };
      case 'maxOverdraft': {
        const p = checkVendorProfile(profile);
        return { token: { kind, tid, value, profile: p }, subclass: p.subclass };
      }
    }
  };
}

const TITLES: Record<TidKind | 'changeKey', string> = {
  clearCredit: 'Clear Credit Token',
  clearTamper: 'Clear Tamper Token',
  maxPower: 'Set Maximum Power Limit Token',
  maxPhaseUnbalance: 'Set Maximum Phase Power Unbalance Limit Token',
  maxOverdraft: 'Set Maximum Overdraft Token',
  changeKey: 'Change Meter Key Token',
};

/**
 * The authorization password of a token the original issued without one: checked whenever it is sent,
 * demanded (400 naming the field) only where the server is set to require it.
 */
async function checkOptionalPassword(
  check: AuthorizationCheck,
  ctx: UserContext,
  password: string | null | undefined,
  required: boolean,
) {
  if (password) await check(ctx.user, password);
  else if (required) {
    throw invalid('The authorization password is required', [
      { path: 'authorizationPassword', message: 'The authorization password is required' },
    ]);
  }
}

/** What a management token request carries besides its kind and value. */
export interface ManagementTokenInput {
  meterId: string;
  authorizationPassword?: string | null;
  remark?: string | null;
}

/** Management tokens: one TID each, from the meter's decoder key, recorded and audited in one transaction. */
async function issueManagementToken(
  deps: Deps,
  checkAuthorizationPassword: AuthorizationCheck,
  ctx: UserContext,
  kind: TidKind,
  { meterId, authorizationPassword, remark }: ManagementTokenInput,
  value: number,
) {
  await checkOptionalPassword(
    checkAuthorizationPassword,
    ctx,
    authorizationPassword,
    deps.config.managementTokenRequiresAuthorization,
  );
  const v = await requireVendable(deps.database.db, ctx, meterId);
  const profile =
    kind === 'maxOverdraft' ? deps.config.overdraftProfiles[v.meter.protocolVersion ?? ''] : undefined;
  if (kind === 'maxOverdraft' && !profile) {
    throw refuse(
      `"Set maximum overdraft" is not an STS token: no vendor profile is configured for meter model "${v.meter.protocolVersion ?? ''}" (STS_OVERDRAFT_PROFILES)`,
    );
  }
  const describe = tokenFor(kind, profile);
  const keyStore = await keyStoreOf(deps);
  const row = await deps.database.db.transaction(async (tx) => {
    const lastTid = await lockMeterTokenState(tx, meterId);
    const keys = keyStore.on(tx);
    const key = await keys.decoderKeyInfo(meterId);
    const now = deps.clock.now();
    let tid: number;
    let encoded: { token: string; subclass: number };
    try {
      tid = allocateTid({ at: now, baseYear: key.baseYear, lastTid, ken: v.meter.ken ?? undefined });
      const { token, subclass } = describe(tid, value);
      encoded = { token: await keys.encodeToken(meterId, token), subclass };
    } catch (err) {
      throw stsRefusal(err);
    }
    await saveLastTid(tx, meterId, tid, now);
    const record = await insertRecord(tx, {
      ...recordOfAccount(v),
      kind,
      receiptId: await nextReceiptId(tx, kind),
      token: encoded.token,
      tid,
      tokenClass: 2,
      subclass: encoded.subclass,
      value: kind === 'clearCredit' || kind === 'clearTamper' ? null : value,
      remark: remark ?? null,
      createId: ctx.user.userId,
      createDate: now,
    });
    await writeAudit(tx, ctx.actor, {
      title: TITLES[kind],
      action: 'Generate',
      after: managementRecordOf(record),
    });
    return record;
  });
  return managementRecordOf(row) satisfies ManagementTokenRecord;
}

/** Sets one meter's "new" key fields (and a hand-given new key) for its next key change. */
async function updateOneMeterKey(
  deps: Deps,
  tx: Tx,
  keys: DbKeyStore,
  ctx: UserContext,
  r: z.infer<typeof UpdateMeterKeyRequest>,
) {
  const before = await findMeter(tx, r.meterId);
  if (!before) throw refuse(`Meter ${r.meterId} not found`);
  if (!ctx.user.isSystemAdmin && before.stationId !== ctx.user.stationId) {
    throw refuse(`Meter ${r.meterId} belongs to another station`);
  }
  const set = {
    sgcNew: r.sgcNew,
    krnNew: r.krnNew,
    kenNew: r.kenNew,
    tiNew: r.tiNew,
    ktNew: r.ktNew,
    baseYearNew: r.baseYearNew,
    updateId: ctx.user.userId,
    updateDate: deps.clock.now(),
  };
  await setPendingKeyFields(tx, r.meterId, set);
  const expected = before.ea === '11' ? 32 : 16;
  if (r.decoderKeyNew && r.decoderKeyNew.length !== expected) {
    throw refuse(`Meter ${r.meterId} uses EA${before.ea}: its new key is ${expected} hex digits`);
  }
  await keys.setPendingKey(r.meterId, r.decoderKeyNew || null);
  const { updateId: _u, updateDate: _d, ...after } = { meterId: r.meterId, ...set };
  await writeAudit(tx, ctx.actor, {
    title: 'Update Meter Key',
    action: 'Update',
    before: {
      sgcNew: before.sgcNew,
      krnNew: before.krnNew,
      kenNew: before.kenNew,
      tiNew: before.tiNew,
      ktNew: before.ktNew,
      baseYearNew: before.baseYearNew,
    },
    after: { ...after, newKeyGiven: Boolean(r.decoderKeyNew) },
  });
}

/** Sets the meters' "new" key fields (and hand-given new keys) for the next key change. */
async function updateMeterKey(deps: Deps, ctx: UserContext, rows: z.infer<typeof UpdateMeterKeyRequest>[]) {
  const keyStore = await keyStoreOf(deps);
  return deps.database.db.transaction(async (tx) => {
    const keys = keyStore.on(tx);
    for (const r of rows) await updateOneMeterKey(deps, tx, keys, ctx, r);
    const updated = await loadMeters(
      tx,
      rows.map((r) => r.meterId),
    );
    return updated.map(toMeterRow) satisfies z.infer<typeof UpdateMeterKeyResult>[];
  });
}

/** The new decoder key (given by hand, else derived), as a reference the key store understands. */
async function nextKeyOf(keys: DbKeyStore, meter: MeterRow, next: NextKeyFields) {
  try {
    return await keys.nextKey(meter.meterId, meterPanOf(meter.meterId), meter.ea, next);
  } catch (err) {
    throw stsRefusal(err);
  }
}

/** The meter's pending key fields from Update Meter Key, or a refusal when they are not all set. */
function pendingKeyFields(m: MeterRow): NextKeyFields {
  const { sgcNew, krnNew, kenNew, tiNew, ktNew, baseYearNew } = m;
  if (
    sgcNew === null ||
    krnNew === null ||
    kenNew === null ||
    tiNew === null ||
    ktNew === null ||
    baseYearNew === null
  ) {
    throw refuse(`Set the new key of meter ${m.meterId} first (Update Meter Key)`);
  }
  return { sgc: sgcNew, krn: krnNew, ken: kenNew, ti: tiNew, kt: ktNew, baseYear: baseYearNew };
}

export type Vendable = Awaited<ReturnType<typeof requireVendable>>;

/**
 * Writes one meter's key-change tokens and their record inside the caller's transaction: two tokens (four
 * for EA11) carrying `next`, each encrypted under the key the meter holds now. The meter's token state is
 * locked first, so no vend encodes concurrently; the new key becomes current only on confirmation.
 */
export async function issueKeyChange(
  deps: Deps,
  tx: Tx,
  keys: DbKeyStore,
  ctx: UserContext,
  req: { v: Vendable; next: NextKeyFields; remark: string | null },
) {
  const { v, next } = req;
  await lockMeterTokenState(tx, v.meter.meterId);
  const current = await keys.decoderKeyInfo(v.meter.meterId);
  const newKey = await nextKeyOf(keys, v.meter, next);
  let tokens: string[];
  try {
    tokens = await keys.encodeKeyChange(v.meter.meterId, newKey, {
      newKEN: next.ken,
      newKRN: next.krn,
      // A later base date rolls the meter's TID memory over.
      RO: next.baseYear > current.baseYear ? 1 : 0,
      newKT: next.kt,
      newTI: next.ti,
      sgc: next.sgc,
    });
  } catch (err) {
    throw stsRefusal(err);
  }
  const record = await insertRecord(tx, {
    ...recordOfAccount(v),
    kind: 'changeKey',
    receiptId: await nextReceiptId(tx, 'changeKey'),
    token: present(tokens[0], 'the first key-change token'),
    tokens,
    tokenClass: 2,
    subclass: 3,
    keyChange: next,
    confirmed: false,
    remark: req.remark,
    createId: ctx.user.userId,
    createDate: deps.clock.now(),
  });
  await writeAudit(tx, ctx.actor, {
    title: TITLES.changeKey,
    action: 'Generate',
    after: keyChangeRecordOf(record),
  });
  return record;
}

/** Two tokens (four for EA11) that carry the new key, each encrypted under the current key. */
async function changeMeterKey(
  deps: Deps,
  checkAuthorizationPassword: AuthorizationCheck,
  ctx: UserContext,
  req: { meterId: string; authorizationPassword?: string | null; remark?: string | null },
) {
  await checkOptionalPassword(
    checkAuthorizationPassword,
    ctx,
    req.authorizationPassword,
    deps.config.keyChangeRequiresAuthorization,
  );
  const v = await requireVendable(deps.database.db, ctx, req.meterId);
  const next = pendingKeyFields(v.meter);
  const keyStore = await keyStoreOf(deps);
  const row = await deps.database.db.transaction((tx) =>
    issueKeyChange(deps, tx, keyStore.on(tx), ctx, { v, next, remark: req.remark ?? null }),
  );
  return keyChangeRecordOf(row) satisfies z.infer<typeof ChangeMeterKeyRecord>;
}

/** The key-change record to confirm, locked; a refusal when it is missing, another station's or done. */
async function keyChangeToConfirm(tx: Tx, ctx: UserContext, receiptId: number) {
  const r = await lockKeyChangeRecord(tx, receiptId);
  if (!r) throw refuse(`Key change record ${receiptId} not found`);
  if (!ctx.user.isSystemAdmin && r.stationId !== ctx.user.stationId) {
    throw refuse(`Key change record ${receiptId} belongs to another station`);
  }
  if (r.confirmed) throw refuse(`Key change record ${receiptId} is already confirmed`);
  const m = await findMeter(tx, r.meterId);
  if (!m) throw refuse(`Meter ${r.meterId} not found`);
  return { r, m, k: r.keyChange as NextKeyFields };
}

/**
 * The meter took the key change `r` (locked by the caller): the new fields and key become current and the
 * record confirmed, in the caller's transaction.
 */
export async function installKeyChange(
  deps: Deps,
  tx: Tx,
  keys: DbKeyStore,
  ctx: UserContext,
  { r, m, k }: { r: TokenRecordRow; m: MeterRow; k: NextKeyFields },
) {
  // Vends to the meter read its key after this lock: none encodes under the old key once this commits.
  await lockMeterTokenState(tx, m.meterId);
  const newKey = await nextKeyOf(keys, m, k);
  const now = deps.clock.now();
  const baseYear = k.baseYear as 1993 | 2014 | 2035;
  await keys.installKey({ meterId: m.meterId, ...k, baseYear, ea: m.ea }, newKey);
  const by = { userId: ctx.user.userId, now };
  await installKeyFields(tx, m.meterId, k, by);
  // On a new base date the meter forgets its TIDs (RO); our memory of the last one goes with it.
  if (k.baseYear !== m.baseYear) await saveLastTid(tx, m.meterId, null, now);
  const after = await confirmKeyChangeRecord(tx, r.id, by);
  const { meterId, sgc, krn, ken, ti, kt } = m;
  await writeAudit(tx, ctx.actor, {
    title: TITLES.changeKey,
    action: 'Confirm',
    before: { meterId, sgc, krn, ken, ti, kt, baseYear: m.baseYear },
    after: { meterId: m.meterId, ...k },
  });
  return after;
}

/**
 * The meter took the key change: the new fields and key become current. Until then every token still
 * uses the old key, so a lost key-change token never strands a meter.
 */
async function confirmKeyChange(deps: Deps, ctx: UserContext, receiptId: number) {
  const keyStore = await keyStoreOf(deps);
  const row = await deps.database.db.transaction(async (tx) => {
    const found = await keyChangeToConfirm(tx, ctx, receiptId);
    return installKeyChange(deps, tx, keyStore.on(tx), ctx, found);
  });
  return keyChangeRecordOf(row);
}

export function createManagementTokenService(deps: Deps, checkAuthorizationPassword: AuthorizationCheck) {
  return {
    issue: (ctx: UserContext, kind: TidKind, input: ManagementTokenInput, value: number) =>
      issueManagementToken(deps, checkAuthorizationPassword, ctx, kind, input, value),
    updateMeterKey: (ctx: UserContext, rows: z.infer<typeof UpdateMeterKeyRequest>[]) =>
      updateMeterKey(deps, ctx, rows),
    changeMeterKey: (
      ctx: UserContext,
      meterId: string,
      authorizationPassword: string | null | undefined,
      remark?: string | null,
    ) => changeMeterKey(deps, checkAuthorizationPassword, ctx, { meterId, authorizationPassword, remark }),
    confirmKeyChange: (ctx: UserContext, receiptId: number) => confirmKeyChange(deps, ctx, receiptId),
  };
}
export type ManagementTokenService = ReturnType<typeof createManagementTokenService>;
