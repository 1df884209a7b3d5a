import type { MeterReadRequest, MeterWriteRequest } from '@prepay/contracts';
import { type BaseYear, isStsError, meterPanFromIain } from '@prepay/sts';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { auditEach } from '../../kernel/audit.js';
import {
  assertNoDuplicateKeys,
  keep,
  keepEach,
  linkedRowsRemover,
  type RowLabels,
  RowProblems,
  stationsFor,
  type WriteAction,
} from '../../kernel/rows.js';
import { assertStation } from '../../kernel/station-guard.js';
import type { SessionUser, UserContext } from '../../lib/user-context.js';
import { withDeps } from '../../lib/with-deps.js';
import { addBoundAccounts } from '../account/index.js';
import type { DbKeyStore, KeySource, SealedKey } from '../keystore/index.js';
import { keyStoreOf } from '../keystore/index.js';
import {
  insertMeters,
  loadMeters,
  type MeterRecord,
  type MeterValues,
  metersWithDevEuis,
  meterTable,
  readMeters,
  toMeterRow,
  transformerStations,
  unusedOnly,
  updateMeter,
} from './meter.repo.js';
import { dlmsSecretProblem, dlmsValuesOf, sealDlmsSecrets } from './meter-dlms.js';
import { type DlmsSecretRow, putDlmsSecrets } from './meter-dlms.repo.js';

type Input = MeterWriteRequest;
type Values = MeterValues;

/** The 18-digit MeterPAN DKGA needs: the id itself, or the 11/13-digit meter number (IAIN) completed. */
export function meterPanOf(meterId: string): string | null {
  if (/^\d{18}$/.test(meterId)) return meterId;
  if (/^(\d{11}|\d{13})$/.test(meterId)) return meterPanFromIain(meterId);
  return null;
}

/** The fields DKGA derives from: when one changes, the decoder key must change too. */
const identity = (v: Pick<Values, 'ea' | 'sgc' | 'krn' | 'kt' | 'ti' | 'baseYear'>) =>
  [v.ea, v.sgc, v.krn, v.kt, v.ti, v.baseYear].join('/');

/** The fields a decoder key is stored and derived with; a row has them once it has an SGC. */
interface StsKeyFields {
  ea: '07' | '11';
  sgc: string;
  krn: number;
  kt: number;
  ti: number;
  ken: number;
  baseYear: BaseYear;
}

/** The key fields of a row with an SGC (valuesOf gives KRN, KT and TI their defaults then), else null. */
function stsKeyFieldsOf(v: Values): StsKeyFields | null {
  const { sgc, krn, kt, ti } = v;
  if (!sgc || krn === null || krn === undefined || kt === null || kt === undefined) return null;
  if (ti === null || ti === undefined) return null;
  const ea = v.ea === '11' ? '11' : '07';
  return { ea, sgc, krn, kt, ti, ken: v.ken ?? 255, baseYear: (v.baseYear ?? 1993) as BaseYear };
}

interface KeyPlan {
  meterId: string;
  /** Sealed by the key store: the plan never holds the key in clear. */
  sealed: SealedKey;
  source: KeySource;
  fields: StsKeyFields;
}

/** The row as it will be stored: body fields, else the stored ones (update), else defaults. */
function valuesOf(r: Input, old: MeterRecord | undefined, stationId: string): Values {
  const o = old;
  const sgc = keep(r.sgc, o?.sgc ?? null) ?? null;
  // With an SGC the other key fields get the usual defaults: KRN 1, KT 2 (unique key), TI 01, KEN 255.
  const sts = (v: number | null | undefined, stored: number | null | undefined, dflt: number) =>
    keep(v, stored ?? null) ?? (sgc ? dflt : null);
  return {
    meterId: r.meterId,
    type: r.type ?? o?.type ?? 0,
    isThreePhase: r.isThreePhase ?? o?.isThreePhase ?? 0,
    communicationWay: r.communicationWay ?? o?.communicationWay ?? 1,
    ...keepEach(r, o, ['devEui', 'protocolVersion', 'lat', 'lng']),
    ea: r.ea ?? o?.ea ?? (r.decoderKey?.length === 32 ? '11' : '07'),
    baseYear: sts(r.baseYear, o?.baseYear, 1993),
    sgc,
    krn: sts(r.krn, o?.krn, 1),
    ken: sts(r.ken, o?.ken, 255),
    ti: sts(r.ti, o?.ti, 1),
    kt: sts(r.kt, o?.kt, 2),
    ...keepEach(r, o, ['baseYearNew', 'sgcNew', 'krnNew', 'kenNew', 'tiNew', 'ktNew', 'transformerId']),
    ...dlmsValuesOf(r, o),
    status: o?.status ?? false,
    stationId,
    remark: keep(r.remark, o?.remark ?? null) ?? null,
  };
}

/** A decoder key given in the body: sealed as it is, once its length and STS fields fit. */
async function planGivenKey(
  keys: DbKeyStore,
  decoderKey: string,
  v: Values,
  problem: (m: string) => void,
): Promise<KeyPlan | null> {
  const expected = v.ea === '11' ? 32 : 16;
  if (decoderKey.length !== expected) {
    problem(`decoderKey must be ${expected} hex digits for EA${v.ea}`);
    return null;
  }
  const fields = stsKeyFieldsOf(v);
  if (!fields) {
    problem('a decoder key needs the STS fields it belongs to (sgc, krn, ti, kt)');
    return null;
  }
  return { meterId: v.meterId, sealed: await keys.seal(decoderKey, v.meterId), source: 'given', fields };
}

/** No key in the body: derive one when the STS fields are new or changed and a vending key is held. */
async function planDerivedKey(
  keys: DbKeyStore,
  v: Values,
  old: MeterRecord | undefined,
  problem: (m: string) => void,
): Promise<KeyPlan | null> {
  const fields = stsKeyFieldsOf(v);
  if (!fields) return null;
  const changed = !old || identity(old) !== identity(v);
  if (!changed && old?.hasDecoderKey) return null;
  if (!(await keys.hasVendingKey({ sgc: fields.sgc, krn: fields.krn }))) {
    if (old?.hasDecoderKey && changed) {
      problem(
        `the STS key fields changed but no vending key is held for SGC ${fields.sgc} KRN ${fields.krn}: give the new decoderKey`,
      );
    }
    return null;
  }
  const pan = meterPanOf(v.meterId);
  if (!pan) {
    problem(
      'a decoder key can only be derived for an STS meter number (11 or 13 digits, or the 18-digit PAN): give decoderKey',
    );
    return null;
  }
  try {
    const { sgc, krn, kt, ti, ea } = fields;
    const { sealed, source } = await keys.derive({ meterPAN: pan, sgc, krn, kt, ti, ea }, v.meterId);
    return { meterId: v.meterId, sealed, source, fields };
  } catch (e) {
    if (isStsError(e)) {
      problem(`cannot derive the decoder key: ${e.message}`);
      return null;
    }
    throw e;
  }
}

/** Which decoder key to store for the row, if any; problems are reported against its line. */
function planKey(
  keys: DbKeyStore,
  r: Input,
  v: Values,
  old: MeterRecord | undefined,
  problem: (m: string) => void,
): Promise<KeyPlan | null> {
  return r.decoderKey ? planGivenKey(keys, r.decoderKey, v, problem) : planDerivedKey(keys, v, old, problem);
}

async function storeKeys(keys: DbKeyStore, plans: KeyPlan[]) {
  for (const { meterId, sealed, source, fields } of plans) {
    await keys.putSealedDecoderKey({ meterId, ...fields, source }, sealed);
  }
}

/** A DevEUI names one device on the network server: no two meters may share one. */
async function checkDevEuis(tx: Tx, values: Values[], labels: RowLabels | undefined, problems: RowProblems) {
  const wanted = values.flatMap((v, i) => (v.devEui ? [{ devEui: v.devEui, meterId: v.meterId, i }] : []));
  if (!wanted.length) return;
  const seen = new Map<string, string>();
  for (const w of wanted) {
    const other = seen.get(w.devEui);
    if (other)
      problems.add(labels, w.i, `meter ${w.meterId}: devEui ${w.devEui} is also given to meter ${other}`);
    seen.set(w.devEui, w.meterId);
  }
  const taken = await metersWithDevEuis(tx, [...seen.keys()]);
  for (const t of taken) {
    const w = wanted.find((x) => x.devEui === t.devEui && x.meterId !== t.meterId);
    if (w) problems.add(labels, w.i, `meter ${w.meterId}: devEui ${w.devEui} belongs to meter ${t.meterId}`);
  }
}

/** A meter's transformer must exist and stand in the meter's own station. */
async function checkTransformers(
  tx: Tx,
  values: Values[],
  labels: RowLabels | undefined,
  problems: RowProblems,
) {
  const ids = [...new Set(values.flatMap((v) => (v.transformerId ? [v.transformerId] : [])))];
  if (!ids.length) return;
  const stations = new Map((await transformerStations(tx, ids)).map((t) => [t.transformerId, t.stationId]));
  for (const [i, v] of values.entries()) {
    if (!v.transformerId) continue;
    const station = stations.get(v.transformerId);
    if (station === undefined)
      problems.add(labels, i, `meter ${v.meterId}: transformer ${v.transformerId} not found`);
    else if (station !== v.stationId)
      problems.add(labels, i, `meter ${v.meterId}: transformer ${v.transformerId} is in another station`);
  }
}

/** Every row checked against what is stored; the values to write and the keys to store. */
async function planRows(
  tx: Tx,
  keys: DbKeyStore,
  ctx: UserContext,
  rows: Input[],
  action: WriteAction,
  labels: RowLabels | undefined,
) {
  const before = new Map(
    (
      await loadMeters(
        tx,
        rows.map((r) => r.meterId),
      )
    ).map((m) => [m.meterId, m]),
  );
  const problems = new RowProblems();
  const placed = await stationsFor(tx, ctx.user, rows, (r) => before.get(r.meterId)?.stationId);
  const values: Values[] = [];
  const plans: KeyPlan[] = [];
  const secrets: DlmsSecretRow[] = [];
  for (const [i, r] of placed.entries()) {
    const old = before.get(r.meterId);
    const problem = (m: string) => problems.add(labels, i, `meter ${r.meterId}: ${m}`);
    if (action === 'Update') {
      if (!old) {
        problem('not found');
        continue;
      }
      assertStation(ctx.user, old.stationId);
      if (old.status && old.stationId !== r.stationId) {
        problem('it is bound to an account; delete the account before moving it to another station');
      }
    } else if (old) {
      problem('already exists');
      continue;
    }
    const v = valuesOf(r, old, r.stationId);
    values.push(v);
    const plan = await planKey(keys, r, v, old, problem);
    if (plan) plans.push(plan);
    const missing = dlmsSecretProblem(r, v.dlmsAuthentication ?? null, Boolean(old?.hasDlmsSecrets));
    if (missing) problem(missing);
    const sealed = await sealDlmsSecrets(keys, r);
    if (sealed) secrets.push(sealed);
  }
  await checkDevEuis(tx, values, labels, problems);
  await checkTransformers(tx, values, labels, problems);
  problems.throwIfAny();
  return { before, values, plans, secrets };
}

async function storeValues(tx: Tx, ctx: UserContext, action: WriteAction, values: Values[], now: Date) {
  if (action === 'Update') {
    for (const v of values) {
      await updateMeter(tx, v.meterId, { ...v, updateId: ctx.user.userId, updateDate: now });
    }
    return;
  }
  for (let i = 0; i < values.length; i += 500) {
    await insertMeters(
      tx,
      values.slice(i, i + 500).map((v) => ({ ...v, createId: ctx.user.userId, createDate: now })),
    );
  }
}

/** Create, import and update: every row is checked first; one bad row writes nothing. */
async function write(deps: Deps, ctx: UserContext, rows: Input[], action: WriteAction, labels?: RowLabels) {
  const ids = rows.map((r) => r.meterId);
  assertNoDuplicateKeys(ids, labels);
  const keyStore = await keyStoreOf(deps);
  return deps.database.db.transaction(async (tx) => {
    const keys = keyStore.on(tx);
    const { before, values, plans, secrets } = await planRows(tx, keys, ctx, rows, action, labels);
    await storeValues(tx, ctx, action, values, deps.clock.now());
    await storeKeys(keys, plans);
    for (const row of secrets) await putDlmsSecrets(tx, row);
    const after = (await loadMeters(tx, ids)).map(toMeterRow);
    await auditEach(tx, ctx.actor, { title: 'Meter', action }, after, (a) => {
      const b = before.get(a.meterId);
      return b ? toMeterRow(b) : undefined;
    });
    return after;
  });
}

/** An account keeps its meter from being deleted. */
const remove = linkedRowsRemover(meterTable, 'meterId', 'meter', (tx, problems, ids) =>
  addBoundAccounts(
    tx,
    problems,
    'meterId',
    ids,
    (a) => `meter ${a.meterId} is bound to the account of customer ${a.customerId}; delete the account first`,
  ),
);

function read(deps: Deps, req: MeterReadRequest, user: SessionUser) {
  return readMeters(deps.database.db, req, user);
}

/** Meters no account binds yet (the account form's picker). */
function readUnused(deps: Deps, req: MeterReadRequest, user: SessionUser) {
  return readMeters(deps.database.db, req, user, [unusedOnly]);
}

export function createMeterService(deps: Deps) {
  // The head-end finds meters by address and DevEUI: let it see a change at once.
  const refreshing =
    <A extends unknown[], R>(f: (deps: Deps, ...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      const result = await f(deps, ...a);
      deps.headend?.refreshMeters().catch(() => undefined);
      return result;
    };
  return {
    ...withDeps(deps, { read, readUnused }),
    write: refreshing(write),
    remove: refreshing(remove),
  };
}
export type MeterService = ReturnType<typeof createMeterService>;
