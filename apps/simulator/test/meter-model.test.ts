import {
  abnormalReply,
  broadcastTimeRequest,
  DATA_ITEMS,
  DI,
  decodeFrame,
  decodeStatusWord3,
  ErrorWord,
  encodeFrame,
  type Frame,
  findDataItem,
  hex,
  normalReply,
  parseReply,
  readRequest,
  relayRequest,
  TokenResult,
  tokenRequest,
  type WriteAuth,
  writeRequest,
} from '@prepay/dlt645';
import { encodeCredit, encodeKeyChange, tidFromDate } from '@prepay/sts';
import { beforeEach, describe, expect, it } from 'vitest';
import { handleFrame, ManualClock, MeterModel, syntheticFleet } from '../src/index.js';
import { must } from './helpers.js';

const SPEC = syntheticFleet({ count: 2, seed: 1 }).meters;
const METER = must(SPEC[0]);
const OTHER_KEY = must(SPEC[1]).sts.decoderKey;
const AUTH: WriteAuth = { level: 2, password: '123456', operator: '00000042' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 2, 15, 10, 0, 0);

let clock: ManualClock;
let meter: MeterModel;

function build(balanceTenths: number, type = 0): MeterModel {
  return new MeterModel(
    { meterId: METER.meterId, address: METER.address, type, sts: METER.sts, balanceTenths },
    clock.now(),
  );
}

/** Sends `request` over the "wire" (encoded and decoded again) and returns the reply frame. */
function ask(request: Frame, m = meter): Frame | undefined {
  return handleFrame(m, decodeFrame(encodeFrame(request, { preamble: 4 })), clock.now()).reply;
}

function read(di: number, m = meter) {
  const reply = ask(readRequest(METER.address, di), m);
  if (!reply) throw new Error('no reply');
  return parseReply(readRequest(METER.address, di), reply);
}

const catalogue = (di: number) => must(findDataItem(di), `catalogue item ${di.toString(16)}`);

function value(di: number, m = meter) {
  const r = read(di, m);
  if (!r.ok) throw new Error(`abnormal reply ${r.errorWord}`);
  return findDataItem(di)?.decode(r.value);
}

const status = () => decodeStatusWord3(Number(read(DI.RUN_STATUS_3).ok && value(DI.RUN_STATUS_3)));

function token(units: number, at = clock.now(), key = METER.sts.decoderKey, subclass = 0): string {
  return encodeCredit({
    decoderKey: key,
    subclass,
    tid: tidFromDate(new Date(at), 2014),
    amountUnits: units,
  });
}

function enter(t: string, auth = AUTH): number | undefined {
  const reply = ask(tokenRequest(METER.address, t, auth));
  return reply?.control === 0x94 ? reply.data[0] : undefined;
}

beforeEach(() => {
  clock = new ManualClock(T0);
  meter = build(500);
});

describe('reads (byte-exact against frames built by @prepay/dlt645)', () => {
  it('answers date, time and remaining energy with the exact reply frame', () => {
    const date = readRequest(METER.address, DI.DATE);
    const dateItem = catalogue(DI.DATE);
    expect(hex(encodeFrame(must(ask(date), 'a reply')))).toBe(
      hex(encodeFrame(normalReply(date, dateItem.encode(new Date(T0))))),
    );
    const time = readRequest(METER.address, DI.TIME);
    expect(hex(encodeFrame(must(ask(time), 'a reply')))).toBe(
      hex(encodeFrame(normalReply(time, catalogue(DI.TIME).encode(new Date(T0))))),
    );
    const balance = readRequest(METER.address, DI.REMAINING_ENERGY);
    expect(hex(encodeFrame(must(ask(balance), 'a reply')))).toBe(
      hex(encodeFrame(normalReply(balance, catalogue(DI.REMAINING_ENERGY).encode(50)))),
    );
  });

  it('refuses an unknown data identifier with "no data requested"', () => {
    const request = readRequest(METER.address, 0x04a0ffff);
    expect(hex(encodeFrame(must(ask(request), 'a reply')))).toBe(
      hex(encodeFrame(abnormalReply(request, ErrorWord.NO_DATA))),
    );
  });

  it('stays silent for another meter and answers the wildcard address', () => {
    expect(ask(readRequest('000000000001', DI.DATE))).toBeUndefined();
    const reply = ask(readRequest('AAAAAAAAAAAA', DI.COMM_ADDRESS));
    expect(reply?.address).toBe(METER.address);
  });

  it('answers every readable catalogue item a single-phase prepaid meter has, the rest with "no data"', () => {
    // A year and a half later every daily and monthly frozen record exists.
    meter = build(1_000_000);
    clock.advance(500 * DAY);
    const absent = (di: number, name: string) =>
      /money|price|max demand/.test(name) || /\b[BC]$/.test(name) || di === DI.TOKEN_ENTRY;
    let answered = 0;
    for (const item of DATA_ITEMS.filter((i) => i.access !== 'write')) {
      const r = read(item.di);
      if (absent(item.di, item.name)) {
        expect(r, item.name).toEqual({ ok: false, errorWord: ErrorWord.NO_DATA, errors: ['no-data'] });
        continue;
      }
      expect(r.ok, item.name).toBe(true);
      if (!r.ok) continue;
      expect(r.value.length, item.name).toBe(item.length);
      expect(() => item.decode(r.value), item.name).not.toThrow();
      answered++;
    }
    expect(answered).toBeGreaterThan(300);
  });

  it('registers advance with the load profile, and the tariff block sums to the total', () => {
    const before = Number(value(DI.FORWARD_ACTIVE_TOTAL));
    clock.advance(6 * HOUR);
    const after = Number(value(DI.FORWARD_ACTIVE_TOTAL));
    expect(after).toBeGreaterThan(before);
    const block = value(DI.FORWARD_ACTIVE_BLOCK) as Record<string, number>;
    const tariffs = [block.tariff1, block.tariff2, block.tariff3, block.tariff4].map(Number);
    expect(Math.round(tariffs.reduce((a, b) => a + b, 0) * 100)).toBe(Math.round(after * 100));
    expect(Number(value(DI.ACTIVE_POWER_TOTAL))).toBeGreaterThan(0);
    // The balance fell by exactly what the register advanced.
    expect(Math.round(Number(value(DI.REMAINING_ENERGY)) * 100)).toBe(
      5000 - Math.round((after - before) * 100),
    );
  });

  it('is deterministic per meter: the same address consumes the same way', () => {
    const twin = build(500);
    clock.advance(30 * HOUR);
    expect(value(DI.FORWARD_ACTIVE_BLOCK, twin)).toEqual(value(DI.FORWARD_ACTIVE_BLOCK));
  });
});

describe('relay and credit', () => {
  const until = () => new Date(clock.now() + HOUR);

  it('trips and closes on C=1C with the status word showing both bits', () => {
    expect(ask(relayRequest(METER.address, 'trip', AUTH, until()))?.control).toBe(0x9c);
    expect(status()).toMatchObject({ relayOpen: true, relayCommandTrip: true, meterKind: 'energy-prepaid' });
    const energy = value(DI.FORWARD_ACTIVE_TOTAL);
    clock.advance(5 * HOUR);
    expect(value(DI.FORWARD_ACTIVE_TOTAL)).toBe(energy);
    expect(value(DI.ACTIVE_POWER_TOTAL)).toBe(0);
    expect(ask(relayRequest(METER.address, 'direct-close', AUTH, until()))?.control).toBe(0x9c);
    expect(status()).toMatchObject({ relayOpen: false, relayCommandTrip: false });
  });

  it('with a trip delay, shows the command at once and opens the relay when the delay is over', () => {
    const delay = writeRequest(METER.address, DI.TRIP_DELAY, AUTH, catalogue(DI.TRIP_DELAY).encode(2));
    expect(ask(delay)?.control).toBe(0x94);
    expect(ask(relayRequest(METER.address, 'trip', AUTH, until()))?.control).toBe(0x9c);
    expect(status()).toMatchObject({ relayCommandTrip: true, relayOpen: false, preTripAlarm: true });
    clock.advance(119_000);
    expect(status().relayOpen).toBe(false);
    clock.advance(1_000);
    expect(status()).toMatchObject({ relayCommandTrip: true, relayOpen: true, preTripAlarm: false });
    // The register stopped exactly when the relay opened.
    const energy = value(DI.FORWARD_ACTIVE_TOTAL);
    clock.advance(3 * HOUR);
    expect(value(DI.FORWARD_ACTIVE_TOTAL)).toBe(energy);
  });

  it('with stuck contacts (a fault), commands move status bit 6 but not the relay', () => {
    meter.relayStuck = true;
    expect(ask(relayRequest(METER.address, 'trip', AUTH, until()))?.control).toBe(0x9c);
    expect(status()).toMatchObject({ relayCommandTrip: true, relayOpen: false });
    expect(Number(value(DI.ACTIVE_POWER_TOTAL))).toBeGreaterThan(0);
  });

  it('refuses a wrong password and an expired command, changing nothing', () => {
    const wrong = relayRequest(METER.address, 'trip', { ...AUTH, password: '654321' }, until());
    expect(hex(encodeFrame(must(ask(wrong), 'a reply')))).toBe(
      hex(encodeFrame(abnormalReply(wrong, ErrorWord.UNAUTHORISED))),
    );
    const expired = relayRequest(METER.address, 'trip', AUTH, new Date(clock.now() - HOUR));
    expect(ask(expired)?.control).toBe(0xdc);
    expect(status().relayOpen).toBe(false);
  });

  it('trips the relay when the credit runs out, and a credit token reconnects it', () => {
    meter = build(3); // 0.3 kWh
    clock.advance(2 * DAY);
    expect(value(DI.REMAINING_ENERGY)).toBe(0);
    expect(status()).toMatchObject({ relayOpen: true, relayCommandTrip: false });
    const energy = value(DI.FORWARD_ACTIVE_TOTAL);
    clock.advance(DAY);
    expect(value(DI.FORWARD_ACTIVE_TOTAL)).toBe(energy);
    expect(enter(token(100))).toBe(TokenResult.ACCEPTED);
    expect(status().relayOpen).toBe(false);
    expect(meter.balanceTenths).toBe(100);
  });

  it('keeps power on when told to: no credit trip and a trip command is refused', () => {
    meter = build(1);
    expect(ask(relayRequest(METER.address, 'keep-power-on', AUTH, until()))?.control).toBe(0x9c);
    clock.advance(DAY);
    expect(status()).toMatchObject({ relayOpen: false, keepPower: true });
    expect(ask(relayRequest(METER.address, 'trip', AUTH, until()))?.control).toBe(0xdc);
  });
});

describe('frozen data', () => {
  it('freezes the registers at midnight, and on the 1st as the monthly settlement', () => {
    clock.set(Date.UTC(2026, 2, 31, 23, 0, 0));
    meter = build(100_000);
    expect(read(DI.DAILY_FROZEN_TIME_1)).toMatchObject({ ok: false, errorWord: ErrorWord.NO_DATA });
    clock.set(Date.UTC(2026, 2, 31, 23, 59, 59, 999));
    const atMidnight = Number(value(DI.FORWARD_ACTIVE_TOTAL));
    clock.set(Date.UTC(2026, 3, 1, 0, 30, 0));
    expect(value(DI.DAILY_FROZEN_TIME_1)).toBe('2026-04-01 00:00');
    const frozen = value(DI.DAILY_FROZEN_FORWARD_ACTIVE_1) as Record<string, number>;
    expect(Number(frozen.total)).toBeGreaterThanOrEqual(atMidnight);
    expect(Number(frozen.total)).toBeLessThan(Number(value(DI.FORWARD_ACTIVE_TOTAL)));
    expect(value(DI.MONTHLY_FORWARD_ACTIVE_1)).toBe(frozen.total);
    clock.advance(DAY);
    expect(value(DI.DAILY_FROZEN_TIME_1 + 1)).toBe('2026-04-01 00:00');
    expect(value(DI.DAILY_FROZEN_TIME_1)).toBe('2026-04-02 00:00');
  });
});

describe('parameters', () => {
  it('writes a parameter with the password and reads it back; a malformed value changes nothing', () => {
    const alarm = catalogue(DI.ALARM_ENERGY_1);
    expect(value(DI.ALARM_ENERGY_1)).toBe(20);
    expect(ask(writeRequest(METER.address, DI.ALARM_ENERGY_1, AUTH, alarm.encode(12.5)))?.control).toBe(0x94);
    expect(value(DI.ALARM_ENERGY_1)).toBe(12.5);
    expect(
      ask(writeRequest(METER.address, DI.ALARM_ENERGY_1, AUTH, Uint8Array.of(0xff, 0, 0, 0)))?.control,
    ).toBe(0xd4);
    const wrong = writeRequest(
      METER.address,
      DI.ALARM_ENERGY_1,
      { ...AUTH, password: '111111' },
      alarm.encode(1),
    );
    expect(parseReply(wrong, must(ask(wrong), 'a reply'))).toMatchObject({
      ok: false,
      errorWord: ErrorWord.UNAUTHORISED,
    });
    expect(value(DI.ALARM_ENERGY_1)).toBe(12.5);
    // Not a writable item of this meter.
    const energy = writeRequest(METER.address, DI.FORWARD_ACTIVE_TOTAL, AUTH, Uint8Array.of(0, 0, 0, 0));
    expect(parseReply(energy, must(ask(energy), 'a reply'))).toMatchObject({
      ok: false,
      errorWord: ErrorWord.NO_DATA,
    });
  });
});

describe('clock', () => {
  it('is set by a broadcast (no reply) and by a time write', () => {
    const result = handleFrame(
      meter,
      broadcastTimeRequest(new Date(Date.UTC(2026, 0, 2, 3, 4, 5))),
      clock.now(),
    );
    expect(result.reply).toBeUndefined();
    expect(value(DI.DATE)).toMatchObject({ date: '2026-01-02' });
    expect(value(DI.TIME)).toBe('03:04:05');
    const write = writeRequest(METER.address, DI.TIME, AUTH, catalogue(DI.TIME).encode('12:00:00'));
    expect(ask(write)?.control).toBe(0x94);
    clock.advance(1000);
    expect(value(DI.TIME)).toBe('12:00:01');
  });
});

describe('STS token entry', () => {
  it('accepts a credit token once (balance up by exactly its units), then reports it USED', () => {
    const t = token(123);
    expect(enter(t)).toBe(TokenResult.ACCEPTED);
    expect(meter.balanceTenths).toBe(500 + 123);
    expect(enter(t)).toBe(TokenResult.USED);
    expect(meter.balanceTenths).toBe(500 + 123);
    expect(Number(value(DI.PURCHASE_COUNT_ENERGY))).toBe(1);
  });

  it('rejects a token made for another meter and a credit for another service', () => {
    expect(enter(token(50, clock.now(), OTHER_KEY))).toBe(TokenResult.REJECTED);
    expect(enter(token(50, clock.now(), METER.sts.decoderKey, 1))).toBe(TokenResult.REJECTED);
    expect(meter.balanceTenths).toBe(500);
    // The refused water credit did not use up its TID: the electricity token with it is fine.
    expect(enter(token(50))).toBe(TokenResult.ACCEPTED);
  });

  it('rejects a token past the key expiry number (KEN)', () => {
    meter = new MeterModel(
      {
        meterId: METER.meterId,
        address: METER.address,
        type: 0,
        sts: { ...METER.sts, ken: 1 },
        balanceTenths: 0,
      },
      clock.now(),
    );
    // TID 2^17 lies beyond KEN 1 (TIDs up to 2^17 - 1); the same credit at a TID under it is accepted.
    const late = encodeCredit({
      decoderKey: METER.sts.decoderKey,
      subclass: 0,
      tid: 2 ** 17,
      amountUnits: 10,
    });
    const early = encodeCredit({
      decoderKey: METER.sts.decoderKey,
      subclass: 0,
      tid: 2 ** 16,
      amountUnits: 10,
    });
    expect(enter(late)).toBe(TokenResult.REJECTED);
    expect(enter(early)).toBe(TokenResult.ACCEPTED);
    expect(meter.balanceTenths).toBe(10);
  });

  it('a water meter takes water credit (subclass 1) and works its valve; it has no electrical readings', () => {
    meter = build(0, 1);
    expect(status()).toMatchObject({ relayOpen: true }); // valve closed: no credit yet
    expect(enter(token(40, clock.now(), METER.sts.decoderKey, 0))).toBe(TokenResult.REJECTED);
    expect(enter(token(40, clock.now(), METER.sts.decoderKey, 1))).toBe(TokenResult.ACCEPTED);
    expect(status()).toMatchObject({ relayOpen: false });
    expect(value(DI.REMAINING_ENERGY)).toBe(4);
    expect(read(DI.VOLTAGE_A)).toMatchObject({ ok: false, errorWord: ErrorWord.NO_DATA });
    clock.advance(6 * HOUR);
    expect(Number(value(DI.REMAINING_ENERGY))).toBeLessThan(4);
    expect(ask(relayRequest(METER.address, 'trip', AUTH, new Date(clock.now() + HOUR)))?.control).toBe(0x9c);
    expect(status()).toMatchObject({ relayOpen: true, relayCommandTrip: true });
  });

  it('refuses token entry with a wrong password', () => {
    const request = tokenRequest(METER.address, token(10), { ...AUTH, password: '000000' });
    expect(hex(encodeFrame(must(ask(request), 'a reply')))).toBe(
      hex(encodeFrame(abnormalReply(request, ErrorWord.UNAUTHORISED))),
    );
    expect(meter.balanceTenths).toBe(500);
  });

  it('takes a key-change pair: then only tokens under the new key decrypt', () => {
    const newKey = OTHER_KEY;
    const [first, second] = encodeKeyChange({
      currentDecoderKey: METER.sts.decoderKey,
      newDecoderKey: newKey,
      newKEN: 255,
      newKRN: 2,
      RO: 0,
      newKT: 2,
      newTI: 1,
    });
    expect(enter(must(first))).toBe(TokenResult.KEY_CHANGE_PENDING);
    expect(enter(must(second))).toBe(TokenResult.ACCEPTED);
    expect(meter.security.key).toMatchObject({ decoderKey: newKey, krn: 2 });
    expect(enter(token(10, clock.now() + 60_000))).toBe(TokenResult.REJECTED);
    expect(enter(token(10, clock.now() + 60_000, newKey))).toBe(TokenResult.ACCEPTED);
    expect(meter.balanceTenths).toBe(510);
  });
});
