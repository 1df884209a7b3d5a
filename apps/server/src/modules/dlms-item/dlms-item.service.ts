import type { DlmsRequest } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { storedCommon } from '../../kernel/catalogue-texts.js';
import { catalogueSteps } from '../../kernel/catalogue-write.js';
import { keep } from '../../kernel/rows.js';
import { withDeps } from '../../lib/with-deps.js';
import { type DlmsItem, dlmsStorage, dlmsTable, readDlms, readTree } from './dlms-item.repo.js';

/** The catalogue is shared by every station, so only system administrators change it. */
const ADMIN_ONLY = 'Only a system administrator changes the DLMS catalogue';

/** What a write stores for a row, keeping what an update leaves out; attribute 2 (the value) by default. */
function valuesOf(r: DlmsRequest, old: DlmsItem | undefined) {
  return {
    classId: r.classId,
    attributeMethod: keep(r.attributeMethod, old?.attributeMethod ?? null) ?? '2',
    entry: keep(r.entry, old?.entry ?? null) ?? null,
    ...storedCommon(r, old),
  };
}

/** Methods exist on the classes that have them: a control or token item invokes one. */
const METHOD_FAMILIES = new Set([2, 3]);

const catalogue = {
  ...dlmsStorage,
  adminOnly: ADMIN_ONLY,
  values: valuesOf,
  check: (r: DlmsRequest, v: ReturnType<typeof valuesOf>, problem: (m: string) => void) => {
    if (v.attributeMethod.startsWith('m') && !METHOD_FAMILIES.has(r.type)) {
      problem('only a control or token item invokes a method');
    }
  },
  key: (r: DlmsRequest) => ({ version: r.version, type: r.type, obis: r.obis }),
};

export function createDlmsService(deps: Deps) {
  return withDeps(deps, catalogueSteps(dlmsTable, catalogue, readDlms, readTree));
}
export type DlmsService = ReturnType<typeof createDlmsService>;
