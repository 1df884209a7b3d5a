import type { AccountRow, TaskKind } from '@prepay/contracts';
import type { TaskLines } from './api';

/** What the Add Task dialog collects besides the meters and the checked data items. */
export interface TaskValues {
  flag?: string;
  data?: string;
  sendFrame?: string;
  /** Switch Off: why the supply is cut, and the authorization password where the server asks it. */
  remark?: string;
  authorizationPassword?: string;
}

/** A supply cut's reason and password on every line (absent for other tasks). */
function guardOf(v: TaskValues) {
  if (!v.remark?.trim()) return {};
  return {
    remark: v.remark.trim(),
    ...(v.authorizationPassword ? { authorizationPassword: v.authorizationPassword } : {}),
  };
}

/** The create request's rows: one task per meter, and per checked item for readings. */
export function taskBodies(kind: TaskKind, rows: AccountRow[], checked: string[], v: TaskValues): TaskLines {
  const meters = rows.map((r) => ({
    customerId: r.customerId,
    meterId: r.meterId,
    version: r.protocolVersion,
  }));
  switch (kind) {
    case 'reading':
      return meters.flatMap((m) => checked.map((flag) => ({ ...m, flag })));
    case 'setting':
      return meters.map((m) => ({ ...m, flag: checked[0], data: v.data?.trim() || null }));
    case 'control':
      return meters.map((m) => ({ ...m, flag: v.flag, ...guardOf(v) }));
    case 'token':
      return meters.map((m) => ({ ...m, flag: 'A120', data: v.data }));
    case 'transparent':
      return rows.map((r) => ({ meterId: r.meterId, sendFrame: v.sendFrame }));
  }
}
