import type { AlarmRow, EventNotificationRow, ProtocolTaskRow } from '@prepay/contracts';
import { DLMS_EVENT, ManualClock, syntheticFleet } from '@prepay/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../src/lib/dates.js';
import {
  appWithDlmsMeter,
  closeAfterAll,
  type ListeningMeter,
  runReading,
  wireTime,
} from './gprs-dlms-fixture.js';
import type { TestApp } from './harness.js';

/**
 * Meter events raised as alarms through the head-end: a GPRS reading task on the catalogue's standard
 * event log is sent over the DLMS transport to a simulated meter; the events the head-end alarms on
 * (cover opened, power failure, …) become alarms the Alarm and Event Notification pages show. An event log
 * read again raises nothing twice, and a log with a malformed entry is refused whole.
 */
const SPEC = syntheticFleet({ count: 1, seed: 43 }).meters;
const METER = '47009930001';
const T0 = Date.UTC(2026, 10, 2, 8);
const EVENT_LOG = '0.0.99.98.0.255';

let t: TestApp;
let admin: string;
let clock: ManualClock;
let sim: ListeningMeter;

const readLog = async () => runReading(t, admin, METER, EVENT_LOG);

async function alarms() {
  const res = await t.call<{ data: AlarmRow[] }>(
    '/api/alarm/read',
    { meterId: METER, orderBy: 'id asc' },
    admin,
  );
  return res.result.data.map((a) => [a.kind, a.detail, a.raisedDate, a.acknowledged]);
}

async function events() {
  const res = await t.call<{ data: EventNotificationRow[] }>(
    '/API/EventNotification/Read',
    { lang: 'en', meterId: METER, orderBy: 'currentDate asc' },
    admin,
  );
  return res.result.data.map((e) => [e.eventCode, e.eventContent, e.currentDate]);
}

beforeAll(async () => {
  clock = new ManualClock(T0);
  ({ t, admin, sim } = await appWithDlmsMeter(METER, SPEC[0], clock));
});
closeAfterAll(() => ({ app: t, meters: [sim] }));

describe('meter events raised as alarms through the head-end', () => {
  it('raises the alarms of the events in the meter log, once', async () => {
    clock.advance(HOUR_MS);
    sim.meter.recordEvent(DLMS_EVENT.coverOpened);
    clock.advance(HOUR_MS);
    sim.meter.recordEvent(DLMS_EVENT.clockAdjusted);
    sim.meter.recordEvent(DLMS_EVENT.powerFailure);
    const row = await readLog();
    expect(row.status, row.reason ?? '').toBe(1);
    expect(row.data).toBe('3 events read, 2 alarms raised');
    const raised = [
      ['tamper', 'upper cover open', wireTime(T0 + HOUR_MS), false],
      ['offline', 'power failure', wireTime(T0 + 2 * HOUR_MS), false],
    ];
    expect(await alarms()).toEqual(raised);
    expect(await events()).toEqual([
      [44, 'Meter cover opened', wireTime(T0 + HOUR_MS)],
      [1, 'Power failure', wireTime(T0 + 2 * HOUR_MS)],
    ]);

    const again = await readLog();
    expect(again.data).toBe('3 events read, 0 alarms raised');
    expect(await alarms()).toEqual(raised);
  });

  it('an acknowledged alarm is not raised again by the same event, a new one is', async () => {
    const [tamper] = (
      await t.call<{ data: AlarmRow[] }>('/api/alarm/read', { meterId: METER, kind: 'tamper' }, admin)
    ).result.data;
    const ack = await t.call('/api/alarm/acknowledge', [{ id: tamper?.id, remark: 'cover sealed' }], admin);
    expect(ack.code, ack.reason).toBe(0);
    expect((await readLog()).data).toBe('3 events read, 0 alarms raised');

    clock.advance(HOUR_MS);
    sim.meter.recordEvent(DLMS_EVENT.terminalCoverOpened);
    expect((await readLog()).data).toBe('4 events read, 1 alarms raised');
    expect((await alarms()).filter((a) => a[0] === 'tamper')).toEqual([
      ['tamper', 'upper cover open', wireTime(T0 + HOUR_MS), true],
      ['tamper', 'terminal cover open', wireTime(T0 + 3 * HOUR_MS), false],
    ]);
  });

  it('refuses a log with a malformed entry whole: the task fails clearly and no alarm is raised', async () => {
    clock.advance(HOUR_MS);
    sim.meter.recordEvent(DLMS_EVENT.remoteDisconnect);
    const before = await alarms();
    // An entry whose event code is text, as a faulty meter might write it.
    sim.meter.eventLog.add(sim.model.localMs(clock.now()), [{ type: 'visible-string', value: 'cover' }]);
    try {
      const row = await readLog();
      expect(row.status).toBe(2);
      expect(row.reason).toBe('row 6: visible-string is not a number');
      const zh = await t.call<{ data: ProtocolTaskRow[] }>(
        '/API/GPRSMeterTask/GPRSGetReadingTask',
        { lang: 'zh', id: row.id, pageNumber: 1, pageSize: 5 },
        admin,
      );
      expect(zh.result.data[0]?.reason).toBe('第 6 行：visible-string 不是数值');
      expect(await alarms()).toEqual(before);
    } finally {
      sim.meter.eventLog.rows.pop();
    }
    const row = await readLog();
    expect(row.data).toBe('5 events read, 1 alarms raised');
    expect(await alarms()).toEqual([...before, ['relay', 'relay open', wireTime(T0 + 4 * HOUR_MS), false]]);
  });
});
