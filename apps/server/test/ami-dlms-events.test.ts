import {
  bufferRows,
  DisconnectControl,
  DlmsClient,
  dateTimeCodec,
  dateTimeToDate,
  numberOf,
  OBIS,
} from '@prepay/dlms';
import { connectWrapper } from '@prepay/dlms/tcp';
import { DlmsMeter, listenDlmsMeter, ManualClock, MeterModel, syntheticFleet } from '@prepay/simulator';
import { describe, expect } from 'vitest';
import { alarmsOfDlmsEvents, type DlmsEventEntry } from '../src/modules/ami/index.js';
import { raiseAlarms } from '../src/modules/meter-data/index.js';
import { clearReportData, reportTest } from './report-fixture.js';

/** A DLMS meter's event log, read through packages/dlms over TCP, raises the head-end's alarms. */
const it = reportTest(async ({ t }) => {
  await clearReportData(t);
  return {};
});

/** The standard event log's rows as entries: the clock column, then the event code. */
async function readEventLog(client: DlmsClient): Promise<DlmsEventEntry[]> {
  const rows = bufferRows(await client.getData({ classId: 7, obis: OBIS.standardEventLog, attribute: 2 }));
  return rows.map(([time, code]) => {
    if (!time || !code) throw new Error('an event log row without its clock and code');
    return { at: dateTimeToDate(dateTimeCodec.decode(time)), code: numberOf(code) };
  });
}

describe('DLMS meter events as alarms', () => {
  it('a remote disconnection in the meter event log raises a relay alarm, read back as event 47', async ({
    t,
    admin,
    prepared: { fleet },
  }) => {
    const meter = fleet[0];
    if (!meter) throw new Error('the fixture has no meter');
    const spec = syntheticFleet({ count: 1, seed: 3 }).meters[0];
    if (!spec) throw new Error('no synthetic meter');
    const clock = new ManualClock(Date.UTC(2026, 10, 2, 8, 0, 0));
    const model = new MeterModel(
      { meterId: spec.meterId, address: spec.address, type: 0, sts: spec.sts, balanceTenths: 5000 },
      clock.now(),
    );
    const listener = await listenDlmsMeter(new DlmsMeter(model, clock), {
      security: { authentication: 'none' },
    });
    const channel = await connectWrapper({
      host: '127.0.0.1',
      port: listener.port,
      clientAddress: 1,
      serverAddress: 1,
    });
    const client = new DlmsClient(channel, { timeoutMs: 5000 });
    try {
      await client.associate();
      await client.action(OBIS.disconnectControl, DisconnectControl.remoteDisconnect, 0);
      const entries = await readEventLog(client);
      expect(entries.map((e) => e.code)).toEqual([47]);
      await raiseAlarms(t.database.db, alarmsOfDlmsEvents(meter, entries));
    } finally {
      client.close();
      await listener.close();
    }
    const alarms = await t.call<{ data: { meterId: string; kind: string; detail: string }[] }>(
      '/api/alarm/read',
      {},
      admin,
    );
    expect(alarms.result.data.map((a) => [a.meterId, a.kind, a.detail])).toEqual([
      [meter.meterId, 'relay', 'relay open'],
    ]);
    const events = await t.call<{ data: { meterId: string; eventCode: number }[] }>(
      '/API/EventNotification/Read',
      { lang: 'en' },
      admin,
    );
    expect(events.result.data.map((e) => [e.meterId, e.eventCode])).toEqual([[meter.meterId, 47]]);
  });

  it('events the head-end does not alarm on raise nothing', async () => {
    expect(
      alarmsOfDlmsEvents({ meterId: 'M', stationId: 'S1' }, [
        { at: new Date(), code: 2 },
        { at: new Date(), code: 48 },
        { at: new Date(), code: 60 },
      ]),
    ).toEqual([]);
  });
});
