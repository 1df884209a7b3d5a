import {
  DLT645_LANGS,
  type Dlt645DeleteRequest,
  type Dlt645Request,
  type Dlt645Row,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { batchWriter } from '../../kernel/batch-write.js';
import { assertAllStored, checkEach, checkTarget, keep } from '../../kernel/rows.js';
import { assertSystemAdmin } from '../../kernel/station-guard.js';
import type { UserContext } from '../../lib/user-context.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import {
  type Dlt645Item,
  deleteItems,
  dlt645Table,
  itemKey,
  type LangTexts,
  loadItems,
  readDlt645,
  readTree,
  storedItem,
  toDlt645Row,
} from './dlt645-item.repo.js';

/** The catalogue is shared by every station, so only system administrators change it. */
const ADMIN_ONLY = 'Only a system administrator changes the DL/T 645 catalogue';

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

const write = batchWriter({
  target: dlt645Table,
  allowed: (user) => assertSystemAdmin(user, ADMIN_ONLY),
  keyOf: (r: Dlt645Request) => itemKey(r),
  keysOf: (rows) => rows,
  plan: async (tx, { rows, action, labels }) => {
    const items = new Map((await loadItems(tx, rows)).map((i) => [itemKey(i), i]));
    checkEach(
      rows,
      labels,
      (r) => `data item ${itemKey(r)}`,
      (r, problem) => {
        const old = items.get(itemKey(r));
        checkTarget(action, old, problem);
        const v = valuesOf(r, old);
        if (v.control !== '1C' && v.analysisFormat !== 'clock' && !v.di) problem('di is required');
      },
    );
    const saves = rows.map((r) => {
      const old = items.get(itemKey(r));
      const stored = old && storedItem(old.dlt645Id);
      return { stored, values: valuesOf(r, old), key: { version: r.version, type: r.type, flag: r.flag } };
    });
    const before = new Map([...items.values()].map((b) => [itemKey(b), toDlt645Row(b)]));
    return { before, saves };
  },
});

async function remove(deps: Deps, ctx: UserContext, keys: Dlt645DeleteRequest[]): Promise<Dlt645Row[]> {
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  return deps.database.db.transaction(async (tx) => {
    const before = await loadItems(tx, keys);
    assertAllStored(keys.map(itemKey), before.map(itemKey), 'data item');
    return deleteItems(tx, ctx.actor, before);
  });
}

export function createDlt645Service(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readDlt645), tree: onDatabase(readTree), write, remove });
}
export type Dlt645Service = ReturnType<typeof createDlt645Service>;
