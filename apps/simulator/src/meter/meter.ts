import { createMeterState, type MeterSecurityState } from '@prepay/sts';
import { createLoadProfile, type LoadProfile, rng, seedOf } from './load-profile.js';
import { readBcd } from './values.js';

/**
 * The state of one simulated prepaid meter and the physics behind it: registers that advance with the
 * load profile while the relay is closed, a credit balance that falls with them and trips the relay at
 * zero, a wall clock, and daily and monthly frozen energy. Pure: every operation takes the simulated
 * time; nothing here does I/O or reads the system clock. Consumption is settled lazily — only when the
 * meter is asked something — so a fleet of thousands costs nothing while idle.
 */

const DAY_MS = 86_400_000;
export const DAILY_FROZEN_KEPT = 62;
export const MONTHLY_FROZEN_KEPT = 12;

export interface StsKeyFields {
  decoderKey: string;
  ea?: string;
  sgc?: string | number;
  krn: number;
  ti: number;
  kt: number;
  ken: number;
  baseYear?: number;
}

export interface MeterConfig {
  meterId: string;
  /** 12-digit DL/T 645 address. */
  address: string;
  /** 0 electricity, 1 water, 2 gas */
  type: number;
  sts: StsKeyFields;
  /** Opening credit in 0.1 units (kWh or m³). */
  balanceTenths?: number;
  /** Password per level (PA), 6 digits each. */
  passwords?: Record<number, string>;
  /** Local time of the area, minutes east of UTC. */
  tzOffsetMinutes?: number;
  /** STS manufacturer code; default: the first two digits of an 11-digit meter number. */
  mfrCode?: number;
  tidMemorySize?: number;
}

export interface FrozenRecord {
  /** Meter wall-clock time of the freeze (local time kept in UTC fields). */
  localMs: number;
  /** Forward active per tariff 1–4, hundredths. */
  tariffs: [number, number, number, number];
}

export interface Purchase {
  localMs: number;
  units: number;
  beforeHundredths: number;
  afterHundredths: number;
}

/**
 * Parameters a utility sets with C=14 and reads back (raw value bytes, BCD low byte first), with the
 * meter's factory values: alarm credit levels 20.00 / 5.00 kWh, no overdraft, no trip delay.
 */
export const WRITABLE_PARAMETERS: ReadonlyMap<number, Uint8Array> = new Map([
  [0x04000f01, Uint8Array.of(0x00, 0x20, 0x00, 0x00)],
  [0x04000f02, Uint8Array.of(0x00, 0x05, 0x00, 0x00)],
  [0x04000f04, Uint8Array.of(0x00, 0x00, 0x00, 0x00)],
  [0x04001401, Uint8Array.of(0x00, 0x00)],
]);

export const DEFAULT_PASSWORDS: Record<number, string> = { 2: '123456', 4: '123456' };

export class MeterModel {
  readonly config: MeterConfig;
  readonly profile: LoadProfile;
  private readonly tzOffsetMs: number;
  /** Added to the simulated time (plus the area's offset) to give the meter's wall clock. */
  clockAdjustMs = 0;
  /** Settled up to this simulated instant. */
  private settledMs: number;
  private profileAtSettle: [number, number, number, number];
  /** Forward active energy per tariff 1–4, hundredths of a unit. */
  tariffs: [number, number, number, number];
  balanceHundredths: number;
  relayOpen = false;
  relayCommandTrip = false;
  keepPower = false;
  alarm = false;
  /** Why the relay is open when no command opened it. */
  creditTripped = false;
  daily: FrozenRecord[] = [];
  monthly: FrozenRecord[] = [];
  security: MeterSecurityState;
  passwords: Map<number, string>;
  purchaseCount = 0;
  purchasedHundredths = 0;
  lastPurchase: Purchase | undefined;
  lastTrip: { localMs: number; operator: string } | undefined;
  lastClose: { localMs: number; operator: string } | undefined;
  maxPowerWatts: number | undefined;
  /** The battery (clock battery of an electricity meter, the cell a water meter runs on), in 0.01 V. */
  batteryCentivolts = 362;
  /** Welded or jammed contacts (a fault): commands change status bit 6, the relay itself stays put. */
  relayStuck = false;
  /** A commanded trip waiting out the trip delay. */
  private tripAtMs: number | undefined;
  private tripOperator = '00000000';
  /** Current values of WRITABLE_PARAMETERS. */
  readonly parameters = new Map<number, Uint8Array>(WRITABLE_PARAMETERS);

  constructor(config: MeterConfig, nowMs: number) {
    this.config = config;
    this.tzOffsetMs = (config.tzOffsetMinutes ?? 0) * 60_000;
    this.profile = createLoadProfile(config.address, config.type, this.tzOffsetMs);
    const random = rng(seedOf(`${config.address}/registers`));
    // A meter that has been in service a while: 200–6,000 units already on its register.
    const opening = Math.floor((200 + random() * 5800) * 100);
    this.tariffs = [
      Math.floor(opening * 0.1),
      Math.floor(opening * 0.3),
      Math.floor(opening * 0.35),
      opening - Math.floor(opening * 0.1) - Math.floor(opening * 0.3) - Math.floor(opening * 0.35),
    ];
    this.settledMs = nowMs;
    this.profileAtSettle = this.profile.cumulative(nowMs);
    this.balanceHundredths = Math.max(0, Math.round(config.balanceTenths ?? 0)) * 10;
    const mfrCode = config.mfrCode ?? Number(config.meterId.length === 11 ? config.meterId.slice(0, 2) : 0);
    this.security = createMeterState(
      {
        decoderKey: config.sts.decoderKey,
        ken: config.sts.ken,
        kt: config.sts.kt,
        krn: config.sts.krn,
        ti: config.sts.ti,
        ...(config.sts.sgc !== undefined ? { sgc: Number(config.sts.sgc) } : {}),
      },
      mfrCode,
      { tidMemorySize: config.tidMemorySize ?? 50 },
    );
    this.passwords = new Map(
      Object.entries(config.passwords ?? DEFAULT_PASSWORDS).map(([k, v]) => [Number(k), v]),
    );
    // A meter with no credit at installation is off until its first token.
    if (this.balanceHundredths === 0) {
      this.relayOpen = true;
      this.creditTripped = true;
    }
  }

  get totalHundredths(): number {
    return this.tariffs[0] + this.tariffs[1] + this.tariffs[2] + this.tariffs[3];
  }

  /** Remaining credit in 0.01 units at `nowMs`. */
  balanceAt(nowMs: number): number {
    this.advance(nowMs);
    return this.balanceHundredths;
  }

  get balanceTenths(): number {
    return Math.floor(this.balanceHundredths / 10);
  }

  /** The meter's wall clock at simulated time `nowMs` (local time in UTC fields). */
  localMs(nowMs: number): number {
    return nowMs + this.tzOffsetMs + this.clockAdjustMs;
  }

  /** Brings registers, balance, relay and frozen data up to `nowMs`. Never goes backwards. */
  advance(nowMs: number): void {
    while (this.settledMs < nowMs) {
      const local = this.localMs(this.settledMs);
      const nextMidnight = this.settledMs + (Math.floor(local / DAY_MS) + 1) * DAY_MS - local;
      const target = Math.min(nowMs, nextMidnight, this.tripAtMs ?? nowMs);
      this.settleTo(target);
      if (target === this.tripAtMs) this.openRelay(target);
      if (target === nextMidnight) this.freeze(this.localMs(target));
    }
  }

  private settleTo(target: number): void {
    const next = this.profile.cumulative(target);
    if (this.relayOpen) {
      this.moveTo(target, next, false);
      return;
    }
    const consumed = sum(next) - sum(this.profileAtSettle);
    if (this.keepPower || this.relayStuck || consumed < this.balanceHundredths) {
      this.moveTo(target, next, true);
      this.balanceHundredths = Math.max(0, this.balanceHundredths - consumed);
      return;
    }
    // Credit runs out on the way: find the first millisecond it does and trip there.
    let lo = this.settledMs;
    let hi = target;
    const base = sum(this.profileAtSettle);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (sum(this.profile.cumulative(mid)) - base >= this.balanceHundredths) hi = mid;
      else lo = mid;
    }
    const atZero = sum(this.profile.cumulative(lo)) - base >= this.balanceHundredths ? lo : hi;
    this.moveTo(atZero, this.profile.cumulative(atZero), true);
    this.balanceHundredths = 0;
    this.relayOpen = true;
    this.creditTripped = true;
    this.lastTrip = { localMs: this.localMs(atZero), operator: '00000000' };
    this.moveTo(target, next, false);
  }

  private moveTo(target: number, next: [number, number, number, number], consuming: boolean): void {
    if (consuming) {
      for (let t = 0; t < 4; t++)
        this.tariffs[t] = (this.tariffs[t] ?? 0) + (next[t] ?? 0) - (this.profileAtSettle[t] ?? 0);
    }
    this.settledMs = Math.max(this.settledMs, target);
    this.profileAtSettle = next;
  }

  private freeze(localMs: number): void {
    const record: FrozenRecord = { localMs, tariffs: [...this.tariffs] };
    this.daily.unshift(record);
    if (this.daily.length > DAILY_FROZEN_KEPT) this.daily.pop();
    // Settlement day: the 1st at 00:00.
    if (new Date(localMs).getUTCDate() === 1) {
      this.monthly.unshift(record);
      if (this.monthly.length > MONTHLY_FROZEN_KEPT) this.monthly.pop();
    }
  }

  /** Sets the wall clock to `localMs` (local time in UTC fields) as of simulated `nowMs`. */
  setClock(nowMs: number, localMs: number): void {
    this.advance(nowMs);
    this.clockAdjustMs = localMs - nowMs - this.tzOffsetMs;
  }

  /** Demand now, in W (or l/h): zero while the relay is open. */
  powerWatts(nowMs: number): number {
    this.advance(nowMs);
    return this.relayOpen ? 0 : this.profile.powerAt(nowMs);
  }

  /**
   * A trip command: the command bit at once, the relay itself after the trip delay (parameter
   * 04 00 14 01, minutes) — meanwhile status word 3 shows bit 6 set and bit 4 still clear, and the
   * pre-trip alarm bit 7.
   */
  trip(nowMs: number, operator: string): void {
    this.advance(nowMs);
    this.relayCommandTrip = true;
    this.tripOperator = operator;
    const delayMinutes = readBcd(this.parameters.get(0x04001401) ?? new Uint8Array(0)) ?? 0;
    if (delayMinutes > 0 && !this.relayOpen) {
      this.tripAtMs = nowMs + delayMinutes * 60_000;
      this.alarm = true;
      return;
    }
    this.openRelay(nowMs);
  }

  private openRelay(nowMs: number): void {
    this.tripAtMs = undefined;
    if (this.relayStuck) return;
    if (!this.relayOpen) this.lastTrip = { localMs: this.localMs(nowMs), operator: this.tripOperator };
    this.relayOpen = true;
    this.creditTripped = false;
    this.tripAtMs = undefined;
    this.alarm = false;
  }

  /** Close (direct or allowed — the simulated customer presses the button at once); needs credit or keep-power. */
  close(nowMs: number, operator: string): void {
    this.advance(nowMs);
    this.relayCommandTrip = false;
    this.tripAtMs = undefined;
    this.reconnectIfAllowed(nowMs, operator);
  }

  private reconnectIfAllowed(nowMs: number, operator: string): void {
    if (!this.relayOpen || this.relayCommandTrip || this.relayStuck) return;
    if (this.balanceHundredths <= 0 && !this.keepPower) {
      this.creditTripped = true;
      return;
    }
    this.relayOpen = false;
    this.creditTripped = false;
    this.lastClose = { localMs: this.localMs(nowMs), operator };
  }

  setKeepPower(nowMs: number, on: boolean): void {
    this.advance(nowMs);
    this.keepPower = on;
    if (on) this.reconnectIfAllowed(nowMs, '00000000');
  }

  /** Credit from an accepted token: `units` of 0.1 kWh / m³. Reconnects a meter that was off for credit. */
  addCredit(nowMs: number, units: number): void {
    this.advance(nowMs);
    const before = this.balanceHundredths;
    this.balanceHundredths += units * 10;
    this.purchaseCount++;
    this.purchasedHundredths += units * 10;
    this.lastPurchase = {
      localMs: this.localMs(nowMs),
      units,
      beforeHundredths: before,
      afterHundredths: this.balanceHundredths,
    };
    if (this.creditTripped) this.reconnectIfAllowed(nowMs, '00000000');
  }

  clearCredit(nowMs: number): void {
    this.advance(nowMs);
    this.balanceHundredths = 0;
  }

  /** DL/T 645 run status word 3 (§1.6): bit4 relay actual, bit6 relay command, bits 9..8 = 01 kWh prepaid. */
  statusWord3(nowMs: number): number {
    this.advance(nowMs);
    return (
      (this.relayOpen ? 1 << 4 : 0) |
      (this.relayCommandTrip ? 1 << 6 : 0) |
      (this.alarm ? 1 << 7 : 0) |
      (1 << 8) |
      (this.keepPower ? 1 << 12 : 0) |
      (1 << 15)
    );
  }

  checkPassword(level: number, password: string): boolean {
    return this.passwords.get(level) === password;
  }
}

function sum(v: readonly number[]): number {
  let s = 0;
  for (const x of v) s += x;
  return s;
}
