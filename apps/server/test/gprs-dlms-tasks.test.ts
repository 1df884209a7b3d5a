import type { ProtocolTaskRow } from '@prepay/contracts';
import { type DlmsListener, ManualClock, type MeterModel, syntheticFleet } from '@prepay/simulator';
import { encodeCredit, tidFromDate } from '@prepay/sts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { meterDlmsSecrets } from '../src/db/schema.js';
import {
  closeAfterAll,
  DLMS_METER,
  dlmsItemId,
  HLS_KEYS,
  headendApp,
  hlsSecurity,
  listeningDlmsMeter,
  runGprsTask,
  runReading,
} from './gprs-dlms-fixture.js';
import type { TestApp } from './harness.js';

/**
 * GPRS protocol tasks on DLMS meters, end to end: the meter record set up through the API alone, the real
 * task runner and the head-end's DLMS transport (wrapper over TCP, HLS-GMAC or LLS association) talking to
 * simulated DLMS meters.
 */
const SPEC = syntheticFleet({ count: 2, seed: 29 }).meters;
const KEY = HLS_KEYS.blockCipherKey;
const AKEY = HLS_KEYS.authenticationKey;
const HLS_METER = '47009900001';
const LLS_METER = '47009900002';
const GONE_METER = '47009900003';
const T0 = Date.UTC(2026, 10, 2, 8);

let t: TestApp;
let admin: string;
let clock: ManualClock;
let hls: { model: MeterModel; listener: DlmsListener };
let lls: { model: MeterModel; listener: DlmsListener };

const simulated = (i: number, security: Parameters<typeof listeningDlmsMeter>[2]) =>
  listeningDlmsMeter(SPEC[i], clock, security);

type Row = ProtocolTaskRow;

const itemId = (type: number, obis: string) => dlmsItemId(t, type, obis);
const runTask = (family: string, body: Record<string, unknown>): Promise<Row> =>
  runGprsTask(t, admin, family, body);
/** A reading task on the active energy register (1.0.1.8.0.255) of `meterId`, run to its end. */
const readEnergyRegister = (meterId: string) => runReading(t, admin, meterId, '1.0.1.8.0.255');

beforeAll(async () => {
  clock = new ManualClock(T0);
  hls = await simulated(0, hlsSecurity());
  lls = await simulated(1, { authentication: 'low', password: new TextEncoder().encode('12345678') });
  ({ t, admin } = await headendApp());
  const common = DLMS_METER;
  const res = await t.call<unknown[]>(
    '/api/meter/create',
    [
      {
        ...common,
        meterId: HLS_METER,
        ipPort: hls.listener.port,
        dlmsClientAddress: 1,
        dlmsServerAddress: 1,
        dlmsAuthentication: 'high-gmac',
        dlmsAuthenticationKey: AKEY,
        dlmsBlockCipherKey: KEY,
        dlmsSystemTitle: '4D4D4D0000000001',
      },
      {
        ...common,
        meterId: LLS_METER,
        ipPort: lls.listener.port,
        dlmsAuthentication: 'low',
        dlmsPassword: '12345678',
      },
      // Nothing listens on port 9 of this host: the link cannot be opened.
      { ...common, meterId: GONE_METER, ipPort: 9 },
    ],
    admin,
  );
  expect(res.code, res.reason).toBe(0);
});
closeAfterAll(() => ({ app: t, meters: [hls, lls] }));

describe('DLMS meter record', () => {
  it('keeps the association secrets sealed and never answers them back', async () => {
    const read = await t.call<{ data: Record<string, unknown>[] }>(
      '/api/meter/read',
      { meterId: HLS_METER, pageNumber: 1, pageSize: 5 },
      admin,
    );
    const row = read.result.data.find((m) => m.meterId === HLS_METER);
    expect(row).toMatchObject({
      ipAddress: '127.0.0.1',
      ipPort: hls.listener.port,
      dlmsAuthentication: 'high-gmac',
      hasDlmsSecrets: true,
    });
    const everything = JSON.stringify([read, await t.auditRows()]);
    for (const secret of [KEY, AKEY, '12345678']) expect(everything).not.toContain(secret);
    const [stored] = await t.database.db
      .select()
      .from(meterDlmsSecrets)
      .where(eq(meterDlmsSecrets.meterId, HLS_METER));
    expect(stored?.blockCipherKeyEnc).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(KEY);
  });

  it('refuses a high-gmac meter without its keys, and writes nothing', async () => {
    const res = await t.call(
      '/api/meter/create',
      [{ meterId: '47009900009', stationId: '0001', dlmsAuthentication: 'high-gmac' }],
      admin,
    );
    expect(res.code).not.toBe(0);
    expect(res.reason).toContain('dlmsAuthenticationKey');
  });
});

describe('GPRS tasks over the head-end DLMS transport', () => {
  it('reads the active energy register with its scaler applied (HLS-GMAC)', async () => {
    const row = await readEnergyRegister(HLS_METER);
    expect(row.status).toBe(1);
    // The simulated register counts hundredths of kWh, sent in Wh with scaler 1 (×10).
    expect(Number(row.data)).toBe(hls.model.totalHundredths / 100);
    expect(row.concentratorId).toBeNull();
  });

  it('reads through a low-level-security (password) association', async () => {
    const row = await readEnergyRegister(LLS_METER);
    expect(row.status).toBe(1);
    expect(Number(row.data)).toBe(lls.model.totalHundredths / 100);
    // The association request carries the password: the attempt records only what follows it.
    const attempts = await t.call<{ sendFrame: string | null; transport: string }[]>(
      '/api/RemoteMeterTask/GetTaskAttempts',
      { id: row.id },
      admin,
    );
    expect(attempts.result[0]?.transport).toBe('dlms');
    expect(attempts.result[0]?.sendFrame).toBeTruthy();
    expect(JSON.stringify(attempts.result).replace(/\s/g, '')).not.toContain('3132333435363738');
  });

  it('sets the clock', async () => {
    const row = await runTask('Setting', {
      meterId: HLS_METER,
      protocolId: await itemId(1, '0.0.1.0.0.255'),
    });
    expect(row.status).toBe(1);
    const meterNow = hls.model.localMs(clock.now());
    expect(Math.abs(meterNow - Date.parse(`${row.data?.replace(' ', 'T')}Z`))).toBeLessThan(5_000);
  });

  it('disconnects and reconnects, read back from the output state', async () => {
    const protocolId = await itemId(2, '0.0.96.3.10.255');
    const off = await runTask('Control', { meterId: HLS_METER, protocolId, data: 'm1' });
    expect(off).toMatchObject({ status: 1, data: 'Disconnected' });
    expect(hls.model.relayOpen).toBe(true);
    const on = await runTask('Control', { meterId: HLS_METER, protocolId, data: 'Reconnect' });
    expect(on).toMatchObject({ status: 1, data: 'Connected' });
    expect(hls.model.relayOpen).toBe(false);
  });

  it('delivers an STS token through the token gateway', async () => {
    const sts = SPEC[0]?.sts;
    if (!sts) throw new Error('no sts');
    const token = encodeCredit({
      decoderKey: sts.decoderKey,
      subclass: 0,
      tid: tidFromDate(new Date(clock.now()), 2014),
      amountUnits: 250,
    });
    const before = hls.model.balanceHundredths;
    const row = await runTask('Token', {
      meterId: HLS_METER,
      protocolId: await itemId(3, '0.0.19.40.0.255'),
      data: token,
    });
    expect(row.status).toBe(1);
    expect(hls.model.balanceHundredths).toBe(before + 2500);
    const again = await runTask('Token', {
      meterId: HLS_METER,
      protocolId: await itemId(3, '0.0.19.40.0.255'),
      data: token,
    });
    expect(again.status).toBe(2);
    expect(again.reason).toBe('token rejected');
  });

  it('fails a task clearly when the meter cannot be reached', async () => {
    const row = await readEnergyRegister(GONE_METER);
    expect(row.status).toBe(2);
    expect(row.reason).toMatch(/^offline: cannot reach 127\.0\.0\.1:9/);
    const zh = await t.call<{ data: Row[] }>(
      '/API/GPRSMeterTask/GPRSGetReadingTask',
      { lang: 'zh', id: row.id, pageNumber: 1, pageSize: 5 },
      admin,
    );
    expect(zh.result.data[0]?.reason).toMatch(/无法连接 127\.0\.0\.1:9/);
  });

  it('fails a task clearly when the meter stops answering mid-association', async () => {
    lls.listener.mode = 'mute';
    try {
      const row = await readEnergyRegister(LLS_METER);
      expect(row.status).toBe(2);
      expect(row.reason).toMatch(/no reply|timeout|2000 ms/i);
    } finally {
      lls.listener.mode = 'normal';
    }
  });

  it('refuses a data item of another family or version, and queues nothing', async () => {
    const res = await t.call(
      '/API/GPRSMeterTask/GPRSCreateReadingTask',
      [{ meterId: HLS_METER, protocolId: await itemId(2, '0.0.96.3.10.255') }],
      admin,
    );
    expect(res.code).not.toBe(0);
    expect(res.reason).toContain('is not in the catalogue');
  });
});
