import {
  DLT645_LANGS,
  type Dlt645DeleteRequest,
  type Dlt645Request,
  type Dlt645Row,
} from '@prepay/contracts';
import { eq } from 'drizzle-orm';
import { dlt645Items, type LangTexts } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { auditDeleted, auditEach } from '../audit/audit.js';
import { saveStamped } from '../audit/audited-write.js';
import {
  assertAllStored,
  assertNoDuplicateKeys,
  checkTarget,
  keep,
  type RowLabels,
  RowProblems,
  type WriteAction,
} from '../masterdata/rows.js';
import {
  type Dlt645Item,
  itemKey,
  loadItems,
  readDlt645,
  readTree,
  toDlt645Row,
} from './dlt645-item.repo.js';

/** The catalogue is shared by every station, so only system administrators change it. */
function assertSystemAdmin(ctx: UserContext) {
  if (!ctx.user.isSystemAdmin) throw forbidden('Only a system administrator changes the DL/T 645 catalogue');
}

function langTexts(r: Dlt645Request, prefix: 'analysisPrefix' | 'type' | 'name', old: LangTexts | undefined) {
  return Object.fromEntries(
    DLT645_LANGS.map((l) => [l, keep(r[`${prefix}${l}`], old?.[l] ?? null) ?? null]),
  ) as LangTexts;
}

/** What a write stores for a row, keeping what an update leaves out. */
function valuesOf(r: Dlt645Request, old: Dlt645Item | undefined) {
  const di = keep(r.di, old?.di ?? null) ?? (r.flag.length === 8 ? r.flag : null);
  return {
    control: keep(r.control, old?.control ?? null) ?? null,
    di,
    password: keep(r.password, old?.password ?? null) ?? null,
    operator: keep(r.operator, old?.operator ?? null) ?? null,
    passwordLevel: keep(r.passwordLevel, old?.passwordLevel ?? 2) ?? 2,
    data: keep(r.data, old?.data ?? null) ?? null,
    format: keep(r.format, old?.format ?? null) ?? null,
    analysisFormat: keep(r.analysisFormat, old?.analysisFormat ?? null) ?? null,
    analysisPrefix: langTexts(r, 'analysisPrefix', old?.analysisPrefix),
    typeNames: langTexts(r, 'type', old?.typeNames),
    names: langTexts(r, 'name', old?.names),
    remark: keep(r.remark, old?.remark ?? null) ?? null,
  };
}

async function write(
  deps: Deps,
  ctx: UserContext,
  rows: Dlt645Request[],
  action: WriteAction,
  labels?: RowLabels,
) {
  assertSystemAdmin(ctx);
  assertNoDuplicateKeys(rows.map(itemKey), labels);
  return deps.database.db.transaction(async (tx) => {
    const before = new Map((await loadItems(tx, rows)).map((i) => [itemKey(i), i]));
    const problems = new RowProblems();
    rows.forEach((r, i) => {
      const old = before.get(itemKey(r));
      const problem = (m: string) => problems.add(labels, i, `data item ${itemKey(r)}: ${m}`);
      checkTarget(action, old, problem);
      const v = valuesOf(r, old);
      if (v.control !== '1C' && v.analysisFormat !== 'clock' && !v.di) problem('di is required');
    });
    problems.throwIfAny();
    const stamp = { userId: ctx.user.userId, now: deps.clock.now() };
    for (const r of rows) {
      const old = before.get(itemKey(r));
      const stored = old && eq(dlt645Items.dlt645Id, old.dlt645Id);
      const key = { version: r.version, type: r.type, flag: r.flag };
      await saveStamped(tx, dlt645Items, stamp, stored, valuesOf(r, old), key);
    }
    const after = (await loadItems(tx, rows)).map(toDlt645Row);
    const prior = new Map([...before.values()].map((b) => [itemKey(b), toDlt645Row(b)]));
    await auditEach(tx, ctx.actor, { title: 'DLT645', action }, after, (a) => prior.get(itemKey(a)));
    return after;
  });
}

async function remove(deps: Deps, ctx: UserContext, keys: Dlt645DeleteRequest[]): Promise<Dlt645Row[]> {
  assertSystemAdmin(ctx);
  return deps.database.db.transaction(async (tx) => {
    const before = await loadItems(tx, keys);
    assertAllStored(keys.map(itemKey), before.map(itemKey), 'data item');
    const rows = before.map(toDlt645Row);
    for (const b of before) await tx.delete(dlt645Items).where(eq(dlt645Items.dlt645Id, b.dlt645Id));
    await auditDeleted(tx, ctx.actor, 'DLT645', rows);
    return rows;
  });
}

export function createDlt645Service(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readDlt645), tree: onDatabase(readTree), write, remove });
}
export type Dlt645Service = ReturnType<typeof createDlt645Service>;
