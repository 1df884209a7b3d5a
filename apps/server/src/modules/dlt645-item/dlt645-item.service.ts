import type { Dlt645Request } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { storedCommon } from '../../kernel/catalogue-texts.js';
import { catalogueSteps } from '../../kernel/catalogue-write.js';
import { keep, keepEach } from '../../kernel/rows.js';
import { withDeps } from '../../lib/with-deps.js';
import { type Dlt645Item, dlt645Storage, dlt645Table, readDlt645, readTree } from './dlt645-item.repo.js';

/** The catalogue is shared by every station, so only system administrators change it. */
const ADMIN_ONLY = 'Only a system administrator changes the DL/T 645 catalogue';

/** What a write stores for a row, keeping what an update leaves out. */
function valuesOf(r: Dlt645Request, old: Dlt645Item | undefined) {
  const di = keep(r.di, old?.di ?? null) ?? (r.flag.length === 8 ? r.flag : null);
  return {
    control: keep(r.control, old?.control ?? null) ?? null,
    di,
    ...keepEach(r, old, ['password', 'operator']),
    passwordLevel: keep(r.passwordLevel, old?.passwordLevel ?? 2) ?? 2,
    data: keep(r.data, old?.data ?? null) ?? null,
    ...storedCommon(r, old),
  };
}

const catalogue = {
  ...dlt645Storage,
  adminOnly: ADMIN_ONLY,
  values: valuesOf,
  check: (_r: Dlt645Request, v: ReturnType<typeof valuesOf>, problem: (m: string) => void) => {
    if (v.control !== '1C' && v.analysisFormat !== 'clock' && !v.di) problem('di is required');
  },
  key: (r: Dlt645Request) => ({ version: r.version, type: r.type, flag: r.flag }),
};

export function createDlt645Service(deps: Deps) {
  return withDeps(deps, catalogueSteps(dlt645Table, catalogue, readDlt645, readTree));
}
export type Dlt645Service = ReturnType<typeof createDlt645Service>;
