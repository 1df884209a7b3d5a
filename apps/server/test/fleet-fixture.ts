import { meterAddress } from '@prepay/dlt645';
import { type Fleet, type FleetSpecMeter, ManualClock, type MeterModel } from '@prepay/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config.js';
import { collectionJobs, gateways, meters } from '../src/db/schema.js';
import type { HeadEndService } from '../src/headend/head-end.js';
import type { TestApp } from './harness.js';
import { appWithHeadend, FAST_REMOTE_TASKS, gprsAndLoraFleet, until } from './headend-fixture.js';
import { METER_STS, testConfig } from './test-config.js';

/** GPRS meters as the simulated fleet plays them: the tests' STS fields, `balance` tenths of credit (none unless given). */
export const gprsFleetMeters = (ids: string[], balance?: number): FleetSpecMeter[] =>
  ids.map((meterId) => ({
    meterId,
    address: meterAddress(meterId),
    type: 0,
    communicationWay: 0,
    sts: METER_STS,
    ...(balance === undefined ? {} : { balance }),
  }));

/** GPRS meters installed at `createDate` (protocol 2.2, the system station), written straight to the table. */
export const insertGprsMeters = (t: TestApp, ids: string[], createDate: Date) =>
  t.database.db.insert(meters).values(
    ids.map((meterId) => ({
      meterId,
      communicationWay: 0,
      protocolVersion: '2.2',
      stationId: '0001',
      createDate,
    })),
  );

export interface FleetSuite {
  t: TestApp;
  headend: HeadEndService;
  fleet: Fleet;
}

/** The GPRS meter, the LoRaWAN meter (`devEui`, heard only through `gatewayId`) and how the fleet plays them. */
export interface MeterPair {
  gatewayId: string;
  gatewayName: string;
  gprs: string;
  lora: string;
  devEui: string;
  /** Opening credit, 0.1 units. */
  balance: number;
  clock: ManualClock;
  /** 0 electricity (the default), 1 water. */
  type?: number;
}

/**
 * The file's broker, app with its head-end (fast remote tasks, 3 s link timeouts) and the two simulated
 * meters of `pair` online: built before its tests and handed to `use`, stopped after them. `install`
 * writes the two meters' rows before the head-end reads them.
 */
export function fleetForSuite(
  opts: { pair: MeterPair; install(t: TestApp): Promise<unknown>; overrides?: Partial<Config> },
  use: (suite: FleetSuite) => void,
) {
  let stop = async () => {};
  beforeAll(async () => {
    const { broker, t, headend } = await appWithHeadend(
      { timeoutMs: { lorawan: 3_000, gprs: 3_000 } },
      opts.overrides,
      { remoteTasks: FAST_REMOTE_TASKS },
    );
    stop = async () => {
      await t.close();
      await broker.stop();
    };
    const { pair } = opts;
    await t.database.db
      .insert(gateways)
      .values({ gatewayId: pair.gatewayId, gatewayName: pair.gatewayName, stationId: '0001' });
    await opts.install(t);
    await headend.refreshMeters();
    const fleet = await gprsAndLoraFleet({ ...pair, headend, mqttUrl: broker.url });
    stop = async () => {
      await fleet.stop();
      await t.close();
      await broker.stop();
    };
    use({ t, headend, fleet });
  }, 90_000);
  afterAll(() => stop());
}

/** The pair's rows, both installed at `createDate` with the pair's meter type (protocol 2.2). */
export const insertMeterPair = (t: TestApp, pair: MeterPair, createDate: Date) => {
  const installed = { type: pair.type ?? 0, protocolVersion: '2.2', stationId: '0001', createDate };
  return t.database.db.insert(meters).values([
    { meterId: pair.gprs, communicationWay: 0, ...installed },
    { meterId: pair.lora, communicationWay: 1, devEui: pair.devEui, ...installed },
  ]);
};

/** Moves the server's and the meters' clocks together. */
export function moveClocks(t: TestApp, meterClock: ManualClock, at: Date) {
  t.clock.advanceMinutes((at.getTime() - t.clock.now().getTime()) / 60_000);
  meterClock.set(at.getTime());
}

export function modelOf(fleet: Fleet, meterId: string): MeterModel {
  const m = fleet.model(meterId);
  if (!m) throw new Error(`no simulated meter ${meterId}`);
  return m;
}

/** What the simulated meter froze for `day` (its record at the next midnight), in 0.1 units. */
export function frozenTenths(fleet: Fleet, meterId: string, day: string): number | undefined {
  const next = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  const record = modelOf(fleet, meterId).daily.find((r) => r.localMs === next);
  return record ? Math.floor(record.tariffs.reduce((a, b) => a + b, 0) / 10) : undefined;
}

/** The meter's collection jobs. */
export const collectionJobsOf = (t: TestApp, meterId: string) =>
  t.database.db.select().from(collectionJobs).where(eq(collectionJobs.meterId, meterId));

/** Whether every collection job of the meter has ended (done or failed). */
export const collectionSettled = async (t: TestApp, meterId: string) =>
  (await collectionJobsOf(t, meterId)).every((j) => j.status !== 'pending' && j.status !== 'running');

/** Runs `sweep` (the schedulers' ticks: each stores what finished and queues what is due) until `done` holds. */
export const sweepUntil = (what: string, sweep: () => Promise<unknown>, done: () => Promise<boolean>) =>
  until(
    what,
    async () => {
      await sweep();
      return done();
    },
    60_000,
  );

/** A collection test's sweeps: its schedulers' ticks until `done` holds (see sweepUntil). */
type SweepUntil = (what: string, done: () => Promise<boolean>) => Promise<unknown>;

/** When the collection suites' meters are installed and start: the test clock's start (harness.ts). */
export const COLLECTION_START = new Date('2026-11-22T08:00:00Z');
/** Half past midnight, three midnights after COLLECTION_START: the meters froze 11-22, 11-23 and 11-24. */
export const AFTER_THIRD_MIDNIGHT = new Date('2026-11-25T00:30:00Z');

/**
 * A fleet suite for collection (a look-back of three days, hourly reads of the GPRS meter), the pair
 * installed at COLLECTION_START and its meters' clock (`clock`) standing there until a test moves it:
 * the app, head-end and fleet once built (before the file's tests), and the probes the collection tests
 * share.
 */
export function collectionFleetForSuite(meters: Omit<MeterPair, 'clock'>) {
  const pair: MeterPair = { ...meters, clock: new ManualClock(COLLECTION_START.getTime()) };
  let built: FleetSuite | undefined;
  fleetForSuite(
    {
      pair,
      install: (t) => insertMeterPair(t, pair, COLLECTION_START),
      overrides: { collection: { ...testConfig().collection, lookbackDays: 3, hourly: 'gprs' } },
    },
    (suite) => {
      built = suite;
    },
  );
  const suite = () => {
    if (!built) throw new Error('the fleet suite is not built yet');
    return built;
  };
  return {
    get t() {
      return suite().t;
    },
    get headend() {
      return suite().headend;
    },
    get fleet() {
      return suite().fleet;
    },
    clock: pair.clock,
    /** Moves the server's and the meters' clocks together. */
    moveTo: (at: Date) => moveClocks(suite().t, pair.clock, at),
    jobsOf: (meterId: string) => collectionJobsOf(suite().t, meterId),
    model: (meterId: string) => modelOf(suite().fleet, meterId),
    /** What the simulated meter froze for `day` (its record at the next midnight), in 0.1 kWh or 0.1 m³. */
    frozenTenths: (meterId: string, day: string) => frozenTenths(suite().fleet, meterId, day),
    /**
     * The LoRaWAN meter's only gateway down over midnight: waits for its link to drop, moves to
     * AFTER_THIRD_MIDNIGHT and sweeps (`sweepUntil`) until both meters' jobs have ended.
     */
    loraOfflineOverMidnight: async (sweepUntil: SweepUntil) => {
      suite().fleet.fault(pair.gatewayId, { kind: 'offline' });
      await until('the LoRaWAN link to drop', () => !suite().headend.linkState(pair.lora).online);
      moveClocks(suite().t, pair.clock, AFTER_THIRD_MIDNIGHT);
      await sweepUntil(
        'the first sweeps to settle',
        async () =>
          (await collectionSettled(suite().t, pair.gprs)) && (await collectionSettled(suite().t, pair.lora)),
      );
    },
    /** The gateway back: waits for the LoRaWAN link and sweeps until `collected` (the missed days read). */
    loraBack: async (sweepUntil: SweepUntil, collected: () => Promise<boolean>) => {
      suite().fleet.clearFaults();
      await until('the LoRaWAN link to come back', () => suite().headend.linkState(pair.lora).online);
      await sweepUntil('the LoRaWAN meter to be collected', collected);
    },
    /**
     * Moves to half past midnight on the 1st of December (a settlement day) and sweeps (`sweepUntil`)
     * until `monthly` holds a row for each meter; answers each meter's row and its simulated settlement
     * record: when it froze (ISO) and its total in 0.1 units.
     */
    settleDecember: async <Row>(sweepUntil: SweepUntil, monthly: (meterId: string) => Promise<Row[]>) => {
      moveClocks(suite().t, pair.clock, new Date('2026-12-01T00:30:00Z'));
      await sweepUntil(
        'the settlement records to be collected',
        async () => (await monthly(pair.gprs)).length === 1 && (await monthly(pair.lora)).length === 1,
      );
      const settled = [];
      for (const meterId of [pair.gprs, pair.lora]) {
        const [row] = await monthly(meterId);
        const record = modelOf(suite().fleet, meterId).monthly[0];
        const frozenAt = new Date(record?.localMs ?? 0).toISOString();
        const tenths = Math.floor((record?.tariffs.reduce((a, b) => a + b, 0) ?? -10) / 10);
        settled.push({ meterId, row, frozenAt, tenths });
      }
      return settled;
    },
  };
}
