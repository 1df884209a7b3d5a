import {
  normaliseToken,
  type ProtocolTaskRequest,
  type ProtocolTaskRow,
  type TaskKind,
} from '@prepay/contracts';
import { parseProfileRange } from '../../lib/profile-range.js';
import type { UserContext } from '../../lib/user-context.js';
import { type DlmsItem, itemById } from '../dlms-item/index.js';
import { loadMeters, type MeterInfo, type NewTask, type TaskRecord, toTaskRow } from './remote-task.repo.js';
import {
  allOrNothing,
  guard,
  insert,
  meterIdsOf,
  meterProblem,
  PRIORITY,
  type TaskServiceDeps,
  TYPE_OF,
  taskOrigin,
} from './remote-task.service.js';

type Kind = Exclude<TaskKind, 'transparent'>;
const PROFILE_GENERIC = 7;

/** A GPRS task as the original's ProtocolTaskInfoResponse shows it (no concentrator: meters are reached directly). */
export function toProtocolRow(t: TaskRecord, lang: string): ProtocolTaskRow {
  const { flag: _, ...row } = toTaskRow(t, lang);
  return { ...row, concentratorId: null };
}

/** What the task sends: the token's digits, the value to write, the method to invoke; checked now. */
function requestOf(kind: Kind, item: DlmsItem, r: ProtocolTaskRequest): string | null {
  const data = r.data?.trim() ?? '';
  if (kind === 'token') {
    const digits = normaliseToken(data);
    if (!digits) throw new Error('Please enter valid token (20 digits; digits and spaces only)');
    return digits;
  }
  if (kind === 'setting' && item.analysisFormat !== 'clock' && !data)
    throw new Error('a value (data) is required');
  if (kind === 'control') return data || item.attributeMethod;
  // A profile (load profile, event log) is read for the range in data, or whole.
  if (kind === 'reading' && item.classId === PROFILE_GENERIC) return parseProfileRange(data) ? data : null;
  return kind === 'setting' ? data || null : null;
}

/** Whether a control line disconnects (method 1 of the disconnect control, by id or by its label). */
const disconnects = (item: DlmsItem, request: string | null) => {
  const r = (request ?? '').toLowerCase();
  return item.classId === 70 && (r === 'm1' || r === '1' || r === 'disconnect');
};

function taskOf(
  s: TaskServiceDeps,
  ctx: UserContext,
  kind: Kind,
  r: ProtocolTaskRequest,
  meter: MeterInfo | undefined,
  item: DlmsItem | undefined,
): NewTask | string {
  const meterId = r.meterId?.trim() ?? '';
  const problem = meterProblem(ctx, meterId, meter);
  if (problem || !meter) return problem ?? `meter ${meterId}: not found`;
  if (!item || item.type !== TYPE_OF[kind] || item.version !== meter.protocolVersion)
    return `data item ${r.protocolId} is not in the catalogue for version ${meter.protocolVersion ?? ''}`;
  let request: string | null;
  try {
    request = requestOf(kind, item, r);
  } catch (e) {
    return `meter ${meterId}: ${(e as Error).message}`;
  }
  return {
    kind,
    protocol: 'dlms',
    ...taskOrigin(s, ctx, meterId, meter, r.customerId),
    version: item.version,
    flag: item.obis,
    names: item.names,
    prefixes: item.analysisPrefix,
    spec: {
      control: null,
      di: null,
      format: item.format,
      analysisFormat: item.analysisFormat,
      data: null,
      password: null,
      operator: null,
      passwordLevel: 0,
      dlms: {
        dlmsId: item.dlmsId,
        classId: item.classId,
        obis: item.obis,
        attributeMethod: item.attributeMethod ?? '2',
        entry: item.entry,
      },
    },
    request,
    data: kind === 'token' ? request : null,
    remark: r.remark || null,
    priority: PRIORITY[kind],
    retriesLeft: s.retries,
  };
}

/** Every line checked first (meter, station, catalogue row of this family and version, value); all or nothing. */
export async function createGprs(
  s: TaskServiceDeps,
  ctx: UserContext,
  kind: Kind,
  rows: ProtocolTaskRequest[],
) {
  const { db } = s.deps.database;
  const meterInfo = await loadMeters(db, meterIdsOf(rows));
  const items = new Map<number, DlmsItem | undefined>();
  for (const id of new Set(rows.map((r) => r.protocolId))) items.set(id, await itemById(db, id));
  const values = allOrNothing(rows, (r) =>
    taskOf(s, ctx, kind, r, meterInfo.get(r.meterId?.trim() ?? ''), items.get(r.protocolId)),
  );
  await guard(s, ctx, rows, (i) => {
    const v = values[i];
    const item = items.get(rows[i]?.protocolId ?? 0);
    return kind === 'control' && item !== undefined && disconnects(item, v?.request ?? null);
  });
  return insert(s, ctx, kind, values);
}
