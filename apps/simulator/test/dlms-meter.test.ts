import {
  applyScaler,
  bufferRows,
  Clock as ClockClass,
  type CosemDateTime,
  DisconnectControl,
  DlmsClient,
  type DlmsClientError,
  type DlmsClientOptions,
  dateTimeCodec,
  dateTimeFromDate,
  dateTimeToDate,
  entryDescriptor,
  fromHex,
  numberOf,
  OBIS,
  ProfileGeneric,
  Register,
  rangeDescriptor,
  TOKEN_STATUS,
  TokenGateway,
} from '@prepay/dlms';
import { connectWrapper } from '@prepay/dlms/tcp';
import { encodeCredit, tidFromDate } from '@prepay/sts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DLMS_EVENT,
  type DlmsListener,
  DlmsMeter,
  listenDlmsMeter,
  ManualClock,
  MeterModel,
  type MeterSecurity,
  syntheticFleet,
} from '../src/index.js';
import { must } from './helpers.js';

const METER = must(syntheticFleet({ count: 1, seed: 3 }).meters[0]);
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 15, 10, 0, 0);
const KEYS = {
  blockCipherKey: fromHex('000102030405060708090A0B0C0D0E0F'),
  authenticationKey: fromHex('D0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF'),
};
const METER_TITLE = fromHex('4D4D4D0000BC614E');
const CLIENT_TITLE = fromHex('4D4D4D0000000001');

let clock: ManualClock;
let model: MeterModel;
let meter: DlmsMeter;
let listener: DlmsListener | undefined;
const clients: DlmsClient[] = [];

beforeEach(() => {
  clock = new ManualClock(T0);
  model = new MeterModel(
    { meterId: METER.meterId, address: METER.address, type: 0, sts: METER.sts, balanceTenths: 5000 },
    clock.now(),
  );
  meter = new DlmsMeter(model, clock);
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await listener?.close();
  listener = undefined;
});

async function open(security: MeterSecurity, options: DlmsClientOptions = {}): Promise<DlmsClient> {
  listener ??= await listenDlmsMeter(meter, { security });
  const channel = await connectWrapper({
    host: '127.0.0.1',
    port: listener.port,
    clientAddress: 1,
    serverAddress: 1,
  });
  const client = new DlmsClient(channel, { timeoutMs: 5000, ...options });
  clients.push(client);
  return client;
}

async function associated(options: DlmsClientOptions = {}): Promise<DlmsClient> {
  const client = await open({ authentication: 'none' }, options);
  await client.associate();
  return client;
}

async function failure(p: Promise<unknown>): Promise<DlmsClientError> {
  try {
    await p;
  } catch (e) {
    return e as DlmsClientError;
  }
  throw new Error('expected the request to fail');
}

const at = (ms: number): CosemDateTime => dateTimeFromDate(new Date(ms), -32768, 0);

describe('a DLMS meter over TCP (IEC 62056-47 wrapper)', () => {
  it('reads the active energy register with its scaler applied', async () => {
    clock.advance(5 * HOUR);
    const client = await associated();
    const raw = numberOf(await client.get(OBIS.activeEnergyImport, Register.value));
    const { scaler, unit } = await client.get(OBIS.activeEnergyImport, Register.scalerUnit);
    expect({ scaler, unit }).toEqual({ scaler: 1, unit: 30 });
    model.advance(clock.now());
    expect(applyScaler(raw, scaler)).toBe(model.totalHundredths * 10);
    expect(raw).toBeGreaterThan(0);
  });

  it('serialises requests made at once: one request at a time on the link, each answered', async () => {
    const client = await associated();
    const [state, unit, mode] = await Promise.all([
      client.get(OBIS.disconnectControl, DisconnectControl.outputState),
      client.get(OBIS.activeEnergyImport, Register.scalerUnit),
      client.get(OBIS.disconnectControl, DisconnectControl.controlMode),
    ]);
    expect({ state, unit: unit.unit, mode }).toEqual({ state: true, unit: 30, mode: 1 });
  });

  it('sets the clock and reads the setting back', async () => {
    const client = await associated();
    const wanted = Date.UTC(2026, 5, 1, 8, 30, 0);
    await client.set(OBIS.clock, ClockClass.time, at(wanted));
    expect(dateTimeToDate(await client.get(OBIS.clock, ClockClass.time)).getTime()).toBe(wanted);
    expect(model.localMs(clock.now())).toBe(wanted);
  });

  it('disconnects and reconnects, read back from the output state', async () => {
    const client = await associated();
    expect(await client.get(OBIS.disconnectControl, DisconnectControl.outputState)).toBe(true);
    await client.action(OBIS.disconnectControl, DisconnectControl.remoteDisconnect, 0);
    expect(await client.get(OBIS.disconnectControl, DisconnectControl.outputState)).toBe(false);
    expect(await client.get(OBIS.disconnectControl, DisconnectControl.controlState)).toBe(0);
    expect(model.relayOpen).toBe(true);
    await client.action(OBIS.disconnectControl, DisconnectControl.remoteReconnect, 0);
    expect(await client.get(OBIS.disconnectControl, DisconnectControl.outputState)).toBe(true);
    expect(model.relayOpen).toBe(false);
    const events = bufferRows(
      await client.getData({ classId: 7, obis: OBIS.standardEventLog, attribute: 2 }),
    );
    expect(events.map((row) => numberOf(must(row[1])))).toEqual([
      DLMS_EVENT.remoteDisconnect,
      DLMS_EVENT.remoteReconnect,
    ]);
  });

  it('accepts an STS token through the token gateway, and refuses it the second time', async () => {
    const client = await associated();
    const token = encodeCredit({
      decoderKey: METER.sts.decoderKey,
      subclass: 0,
      tid: tidFromDate(new Date(clock.now()), 2014),
      amountUnits: 250,
    });
    const before = model.balanceHundredths;
    const digits = new TextEncoder().encode(token);
    await client.action(OBIS.tokenGateway, TokenGateway.enter, digits);
    expect((await client.get(OBIS.tokenGateway, TokenGateway.status)).code).toBe(TOKEN_STATUS.executionOk);
    expect(model.balanceHundredths).toBe(before + 2500);
    await client.action(OBIS.tokenGateway, TokenGateway.enter, digits);
    expect((await client.get(OBIS.tokenGateway, TokenGateway.status)).code).toBe(
      TOKEN_STATUS.validationFailure,
    );
    expect(model.balanceHundredths).toBe(before + 2500);
  });

  it('reads a load-profile range, in blocks when the client takes small APDUs', async () => {
    clock.advance(6 * HOUR);
    const client = await associated({ maxReceivePduSize: 64 });
    const firstHour = Math.floor(T0 / HOUR + 1) * HOUR;
    const access = rangeDescriptor({ from: at(firstHour + HOUR), to: at(firstHour + 3 * HOUR) });
    const rows = await client.get(OBIS.loadProfile, ProfileGeneric.buffer, access);
    expect(rows.map((r) => dateTimeToDate(dateTimeCodec.decode(must(r[0]))).getTime())).toEqual([
      firstHour + HOUR,
      firstHour + 2 * HOUR,
      firstHour + 3 * HOUR,
    ]);
    const energy = rows.map((r) => numberOf(must(r[1])));
    expect(energy[0]).toBeLessThan(must(energy[2]));
    const whole = await client.get(OBIS.loadProfile, ProfileGeneric.buffer);
    expect(whole).toHaveLength(6);
    const byEntry = await client.get(
      OBIS.loadProfile,
      ProfileGeneric.buffer,
      entryDescriptor({ fromEntry: 2, toEntry: 4 }),
    );
    expect(byEntry).toEqual(rows);
  });
});

describe('DLMS association levels', () => {
  it('associates with a low-level password and refuses a wrong one', async () => {
    const security: MeterSecurity = { authentication: 'low', password: new TextEncoder().encode('12345678') };
    const good = await open(security, {
      authentication: 'low',
      password: new TextEncoder().encode('12345678'),
    });
    await good.associate();
    expect(await good.get(OBIS.disconnectControl, DisconnectControl.outputState)).toBe(true);
    const bad = await open(security, { authentication: 'low', password: new TextEncoder().encode('wrong') });
    const e = await failure(bad.associate());
    expect({ kind: e.kind, code: e.resultCode }).toEqual({ kind: 'association-refused', code: 13 });
  });

  it('associates with HLS-GMAC, ciphers every request, and refuses a client with the wrong key', async () => {
    const security: MeterSecurity = { authentication: 'high-gmac', keys: KEYS, systemTitle: METER_TITLE };
    const client = await open(security, {
      authentication: 'high-gmac',
      keys: KEYS,
      systemTitle: CLIENT_TITLE,
    });
    const info = await client.associate();
    expect(info.serverSystemTitle).toEqual(METER_TITLE);
    expect((await client.get(OBIS.activeEnergyImport, Register.scalerUnit)).unit).toBe(30);
    const wrongKeys = { ...KEYS, blockCipherKey: fromHex('FF0102030405060708090A0B0C0D0E0F') };
    const intruder = await open(security, {
      authentication: 'high-gmac',
      keys: wrongKeys,
      systemTitle: CLIENT_TITLE,
    });
    expect((await failure(intruder.associate())).kind).toBe('association-refused');
  });
});

describe('DLMS typed failures', () => {
  it('offline: nothing listens at the address', async () => {
    listener = await listenDlmsMeter(meter, { security: { authentication: 'none' } });
    const port = listener.port;
    await listener.close();
    listener = undefined;
    expect((await failure(connectWrapper({ host: '127.0.0.1', port }))).kind).toBe('offline');
  });

  it('meter error with its result code: an object the meter does not have', async () => {
    const client = await associated();
    const e = await failure(client.get('1.0.99.9.9.255', Register.value));
    expect({ kind: e.kind, code: e.resultCode }).toEqual({ kind: 'meter-error', code: 4 });
    expect(await client.get(OBIS.disconnectControl, DisconnectControl.outputState)).toBe(true);
  });

  it('timeout: a meter that stops answering, then offline on the dropped link', async () => {
    const client = await associated({ timeoutMs: 300 });
    must(listener).mode = 'mute';
    expect((await failure(client.get(OBIS.clock, ClockClass.time))).kind).toBe('timeout');
    expect((await failure(client.get(OBIS.clock, ClockClass.time))).kind).toBe('offline');
  });

  it('bad frame: a reply from another logical device', async () => {
    const client = await associated();
    must(listener).mode = 'wrong-port';
    expect((await failure(client.get(OBIS.clock, ClockClass.time))).kind).toBe('bad-frame');
  });

  it('association refused: the meter wants authentication the client does not give', async () => {
    const client = await open({ authentication: 'low', password: new TextEncoder().encode('secret') });
    expect((await failure(client.associate())).kind).toBe('association-refused');
  });
});

describe('a DLMS meter in service a while', () => {
  const steps = (m: DlmsMeter) => {
    const values = m.loadProfile.rows.map((r) => numberOf(must(r.values[0])));
    return values.slice(1).map((v, i) => v - must(values[i]));
  };

  it('holds the hours before its start as a meter started then would have captured them', () => {
    const started = new DlmsMeter(model, clock, { historyHours: 24 });
    expect(started.loadProfile.rows.map((r) => r.localMs)).toEqual(
      Array.from({ length: 24 }, (_, i) => T0 - 23 * HOUR + i * HOUR),
    );
    expect(numberOf(must(started.loadProfile.rows.at(-1)?.values[0]))).toBe(model.totalHundredths);
    // The same meter started a day earlier and run up to now: the same consumption hour by hour.
    const earlier = new ManualClock(T0 - 24 * HOUR);
    const young = new MeterModel(
      { meterId: METER.meterId, address: METER.address, type: 0, sts: METER.sts, balanceTenths: 5000 },
      earlier.now(),
    );
    const ran = new DlmsMeter(young, earlier);
    earlier.advance(24 * HOUR);
    ran.recordEvent(DLMS_EVENT.coverOpened);
    expect(steps(started)).toEqual(steps(ran));
    expect(ran.eventLog.rows.map((r) => [r.localMs, numberOf(must(r.values[0]))])).toEqual([[T0, 44]]);
  });
});
