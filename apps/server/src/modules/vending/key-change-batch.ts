import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { type AuditEntry, writeAudits } from '../../kernel/audit.js';
import { refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import type { DbKeyStore, NextKeyFields } from '../keystore/index.js';
import { meterPanOf } from '../meter/index.js';
import {
  confirmKeyChangeRecords,
  installKeyFieldsOf,
  loadKeyChangeContexts,
  setPendingKeyFieldsOf,
} from './key-change.repo.js';
import { keyChangeRecordOf } from './records.js';
import {
  clearLastTids,
  insertRecords,
  lockMeterTokenStates,
  type MeterRow,
  type NewTokenRecord,
  nextReceiptIds,
  type TokenRecordRow,
} from './vending.repo.js';
import { recordOfAccount, stsRefusal, vendableOf } from './vending-guards.js';

const TITLE = 'Change Meter Key Token';

/** The key a meter holds now, as `nextOf` sees it: its identity, without the key. */
export type HeldKey = { sgc: string; krn: number; ken: number; ti: number; kt: number; baseYear: number };

type Made = {
  meterId: string;
  next: NextKeyFields;
  tokens: string[];
  values: Omit<NewTokenRecord, 'receiptId'>;
};

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Each meter's key-change tokens made in memory under the key it holds (locked and read by the caller's
 * batch), or the reason it cannot have them: what `issueKeyChange` refuses, it refuses here.
 */
async function makeAll(
  deps: Deps,
  tx: Tx,
  keys: DbKeyStore,
  ctx: UserContext,
  req: { meterIds: string[]; nextOf: (held: HeldKey) => NextKeyFields; remark: string | null },
) {
  const contexts = await loadKeyChangeContexts(tx, req.meterIds);
  const failed: { meterId: string; error: string }[] = [];
  const vendable = new Map<string, ReturnType<typeof vendableOf>>();
  for (const meterId of req.meterIds) {
    try {
      vendable.set(meterId, vendableOf(ctx, meterId, contexts.get(meterId)));
    } catch (err) {
      failed.push({ meterId, error: messageOf(err) });
    }
  }
  // No vend to these meters encodes while their key change is made and recorded.
  await lockMeterTokenStates(tx, [...vendable.keys()]);
  const held = await keys.storedDecoderKeys([...vendable.keys()]);
  const wanted = [];
  for (const [meterId, v] of vendable) {
    const h = held.get(meterId);
    if (!h) failed.push({ meterId, error: `Meter ${meterId} has no decoder key: set its STS keys first` });
    else wanted.push({ meterId, v, h, next: req.nextOf({ ...h.info, ti: Number(h.info.ti) }) });
  }
  const nextKeys = await keys.nextKeys(
    wanted.map((w) => ({ meterId: w.meterId, pan: meterPanOf(w.meterId), ea: w.v.meter.ea, next: w.next })),
  );
  const made: Made[] = [];
  for (const { meterId, v, h, next } of wanted) {
    try {
      const newKey = nextKeys.get(meterId);
      if (!newKey || newKey instanceof Error)
        throw newKey ?? refuse(`No new key for meter ${meterId}: give one in Update Meter Key`);
      const tokens = await keys.encodeKeyChangeUnder(h.ref, newKey, {
        newKEN: next.ken,
        newKRN: next.krn,
        // A later base date rolls the meter's TID memory over.
        RO: next.baseYear > h.info.baseYear ? 1 : 0,
        newKT: next.kt,
        newTI: next.ti,
        sgc: next.sgc,
      });
      made.push({
        meterId,
        next,
        tokens,
        values: recordValues(deps, ctx, v, { next, tokens, remark: req.remark }),
      });
    } catch (err) {
      failed.push({ meterId, error: messageOf(stsRefusal(err)) });
    }
  }
  return { made, failed };
}

function recordValues(
  deps: Deps,
  ctx: UserContext,
  v: ReturnType<typeof vendableOf>,
  r: { next: NextKeyFields; tokens: string[]; remark: string | null },
): Omit<NewTokenRecord, 'receiptId'> {
  return {
    ...recordOfAccount(v),
    kind: 'changeKey',
    token: r.tokens[0] ?? '',
    tokens: r.tokens,
    tokenClass: 2,
    subclass: 3,
    keyChange: r.next,
    confirmed: false,
    remark: r.remark,
    createId: ctx.user.userId,
    createDate: deps.clock.now(),
  };
}

/**
 * `issueKeyChange` for a batch of meters in the caller's transaction (a key campaign's): each meter's next
 * key fields (`nextOf` the key it holds) stored as pending, its tokens made under the key it holds, and the
 * records and audit rows written — a handful of statements for the batch, not a dozen per meter. A meter
 * that cannot have a key change is answered with its reason and nothing is written for it.
 */
export async function issueKeyChanges(
  deps: Deps,
  tx: Tx,
  keys: DbKeyStore,
  ctx: UserContext,
  req: { meterIds: string[]; nextOf: (held: HeldKey) => NextKeyFields; remark: string | null },
): Promise<{ issued: TokenRecordRow[]; failed: { meterId: string; error: string }[] }> {
  const { made, failed } = await makeAll(deps, tx, keys, ctx, req);
  const by = { userId: ctx.user.userId, now: deps.clock.now() };
  await setPendingKeyFieldsOf(tx, made, by);
  const receipts = await nextReceiptIds(tx, 'changeKey', made.length);
  const issued = await insertRecords(
    tx,
    made.map((m, i) => ({ ...m.values, receiptId: receipts[i] ?? 0 })),
  );
  const audit: AuditEntry[] = issued.map((r) => ({
    title: TITLE,
    action: 'Generate',
    after: keyChangeRecordOf(r),
  }));
  await writeAudits(tx, ctx.actor, audit);
  return { issued, failed };
}

/**
 * `installKeyChange` for a batch of accepted key changes (records locked by the caller): the new keys and
 * fields become current and the records confirmed, in the caller's transaction; a meter whose new key
 * cannot be made throws, and the caller's transaction writes nothing.
 */
export async function installKeyChanges(
  deps: Deps,
  tx: Tx,
  keys: DbKeyStore,
  ctx: UserContext,
  list: { r: TokenRecordRow; m: MeterRow; k: NextKeyFields }[],
): Promise<TokenRecordRow[]> {
  // Vends to the meters read their key after this lock: none encodes under the old key once this commits.
  await lockMeterTokenStates(
    tx,
    list.map((x) => x.m.meterId),
  );
  const nextKeys = await keys.nextKeys(
    list.map(({ m, k }) => ({ meterId: m.meterId, pan: meterPanOf(m.meterId), ea: m.ea, next: k })),
  );
  const installs = list.map(({ m, k }) => {
    const next = nextKeys.get(m.meterId);
    if (!next || next instanceof Error)
      throw stsRefusal(next ?? refuse(`No new key for meter ${m.meterId}: give one in Update Meter Key`));
    return { info: { meterId: m.meterId, ...k, baseYear: k.baseYear as 1993 | 2014 | 2035, ea: m.ea }, next };
  });
  await keys.installKeys(installs);
  const by = { userId: ctx.user.userId, now: deps.clock.now() };
  await installKeyFieldsOf(
    tx,
    list.map(({ m, k }) => ({ meterId: m.meterId, k })),
    by,
  );
  // On a new base date the meter forgets its TIDs (RO); our memory of the last one goes with it.
  await clearLastTids(
    tx,
    list.filter(({ m, k }) => k.baseYear !== m.baseYear).map(({ m }) => m.meterId),
    by.now,
  );
  const confirmed = await confirmKeyChangeRecords(
    tx,
    list.map(({ r }) => r.id),
    by,
  );
  await writeAudits(
    tx,
    ctx.actor,
    list.map(({ m, k }) => {
      const { meterId, sgc, krn, ken, ti, kt } = m;
      return {
        title: TITLE,
        action: 'Confirm',
        before: { meterId, sgc, krn, ken, ti, kt, baseYear: m.baseYear },
        after: { meterId, ...k },
      };
    }),
  );
  return confirmed;
}
