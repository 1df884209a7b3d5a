import type {
  EventNotificationReadRequest,
  EventNotificationRow,
  GprsOnlineLine,
  GprsOnlineReadRequest,
  GprsOnlineRow,
  GprsOnlineViewRequest,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { formatDateTime } from '../../lib/dates.js';
import { refuse } from '../../lib/domain-errors.js';
import type { SessionUser, UserContext } from '../../lib/user-context.js';
import {
  type AlarmEventRow,
  type OnlineRow,
  onlineOf,
  readAlarmEvents,
  readOnline,
  writeOnline,
} from './ami.repo.js';
import { eventContent, eventOfAlarm } from './events.js';
import type { Lang } from './labels.js';

function toEventRow(a: AlarmEventRow, lang: Lang): EventNotificationRow {
  const raised = formatDateTime(a.raisedDate) ?? '';
  const event = eventOfAlarm(a.kind, a.detail);
  return {
    createId: null,
    createDate: raised,
    updateId: a.ackId,
    updateDate: formatDateTime(a.ackDate) ?? raised,
    remark: a.ackRemark,
    meterId: a.meterId,
    currentDate: raised,
    eventCode: event?.code ?? 0,
    eventContent: eventContent(event, lang),
    stationId: a.stationId,
  };
}

const toOnlineRow = (r: OnlineRow): GprsOnlineRow => ({
  meterId: r.meterId,
  isOnline: r.online,
  stationId: r.stationId,
  statusUpdateDate: formatDateTime(r.statusDate) ?? '',
});

/** The meter event notifications (from the alarms the events raised) and the GPRS meters' online state. */
export function createAmiService(deps: Deps) {
  const { db } = deps.database;
  const visible = (user: SessionUser, r: OnlineRow) => user.isSystemAdmin || r.stationId === user.stationId;

  async function readEvents(b: EventNotificationReadRequest, user: SessionUser) {
    const page = await readAlarmEvents(db, b, user);
    return { total: page.total, data: page.data.map((a) => toEventRow(a, b.lang)) };
  }

  async function viewOnline(b: GprsOnlineViewRequest, user: SessionUser): Promise<GprsOnlineRow[]> {
    const rows = b.meterId ? await onlineOf(db, [b.meterId]) : [];
    return rows
      .filter((r) => visible(user, r) && (!b.stationId || r.stationId === b.stationId))
      .map(toOnlineRow);
  }

  /** States meters online or offline (all or nothing, audited); a meter of another station is not found. */
  async function updateOnline(ctx: UserContext, lines: GprsOnlineLine[]): Promise<GprsOnlineRow[]> {
    const ids = lines.map((l) => l.meterId);
    if (new Set(ids).size !== ids.length) throw refuse('The request has duplicate lines');
    const now = deps.clock.now();
    return db.transaction(async (tx) => {
      const before = new Map((await onlineOf(tx, ids)).map((r) => [r.meterId, r]));
      for (const l of lines) {
        const had = before.get(l.meterId);
        if (!had || !visible(ctx.user, had)) throw refuse(`Meter ${l.meterId} not found`);
        await writeOnline(tx, l.meterId, l.isOnline, now);
      }
      const after = (await onlineOf(tx, ids)).map(toOnlineRow);
      await writeAudit(tx, ctx.actor, {
        title: 'GPRSOnlineStatus',
        action: 'Update',
        before: [...before.values()].map(toOnlineRow),
        after,
      });
      return after;
    });
  }

  return {
    readEvents,
    readOnline: async (b: GprsOnlineReadRequest, user: SessionUser) => {
      const page = await readOnline(db, b, user);
      return { total: page.total, data: page.data.map(toOnlineRow) };
    },
    viewOnline,
    updateOnline,
  };
}

export type AmiService = ReturnType<typeof createAmiService>;
