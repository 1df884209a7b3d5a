import {
  bufferRows,
  DisconnectControl,
  type DlmsClient,
  dateTimeCodec,
  dateTimeToDate,
  numberOf,
  OBIS,
} from '@prepay/dlms';
import { describe, expect } from 'vitest';
import { alarmsOfDlmsEvents, type DlmsEventEntry } from '../src/modules/ami/index.js';
import { raiseAlarms } from '../src/modules/meter-data/index.js';
import { simulatedDlmsMeter } from './dlms-sim-fixture.js';
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
    const sim = await simulatedDlmsMeter(3);
    try {
      const client = await sim.associated();
      await client.action(OBIS.disconnectControl, DisconnectControl.remoteDisconnect, 0);
      const entries = await readEventLog(client);
      expect(entries.map((e) => e.code)).toEqual([47]);
      await raiseAlarms(t.database.db, alarmsOfDlmsEvents(meter, entries));
    } finally {
      await sim.close();
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
