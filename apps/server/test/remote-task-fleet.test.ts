import { DI, decodeFrame, encodeFrame, fromHex, hex, meterAddress, readRequest } from '@prepay/dlt645';
import { type Fleet, ManualClock } from '@prepay/simulator';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { meters } from '../src/db/schema.js';
import type { HeadEndService } from '../src/headend/head-end.js';
import { fleetForSuite, type MeterPair } from './fleet-fixture.js';
import type { TestApp } from './harness.js';
import { until } from './headend-fixture.js';
import { iain } from './masterdata-fixtures.js';
import { creditVend, vendableMeter } from './vending-fixture.js';

/**
 * Remote tasks end to end: the real task API and runner, the real head-end (GPRS over TCP, LoRaWAN over
 * a real mosquitto broker) and the simulated fleet answering as prepaid DL/T 645 meters.
 */
const pair: MeterPair = {
  gatewayId: 'E4-38-19-FF-FE-00-00-01',
  gatewayName: 'North',
  gprs: iain(11, '4730'),
  lora: iain(12, '4730'),
  devEui: '70b3d5e75e000012',
  balance: 1000,
  // The meters' time stands still, so they consume nothing while a test compares what a task read
  // (or what a token added) with the meter's own registers: exact equality, no race with the load.
  clock: new ManualClock(Date.now()),
};
const { gatewayId: GW, gprs: GPRS, lora: LORA, devEui: DEV_EUI } = pair;

let t: TestApp;
let headend: HeadEndService;
let fleet: Fleet;
let admin: string;

interface TaskRow {
  id: number;
  meterId: string;
  name: string;
  data: string | null;
  dataPrefix: string | null;
  status: number;
  reason: string | null;
  attempts: number;
  receiveFrame?: string | null;
}
interface Attempt {
  attempt: number;
  outcome: string;
  sendFrame: string | null;
  receiveFrame: string | null;
  transport: string | null;
}

/** Vendable meters (the vend test delivers a real token), one on each link. */
async function installVendable(app: TestApp) {
  for (const [meterId, way] of [
    [GPRS, 0],
    [LORA, 1],
  ] as const) {
    await vendableMeter(app, { meterId, protocolVersion: '2.2' });
    await app.database.db
      .update(meters)
      .set({ communicationWay: way, devEui: way === 1 ? DEV_EUI : null })
      .where(eq(meters.meterId, meterId));
  }
}

fleetForSuite({ pair, install: installVendable }, (suite) => {
  ({ t, headend, fleet } = suite);
});
beforeAll(async () => {
  admin = await t.adminToken();
});

const PATHS = {
  reading: 'Reading',
  control: 'Control',
  token: 'Token',
  setting: 'Setting',
} as const;

async function create(kind: keyof typeof PATHS, body: object[]): Promise<TaskRow[]> {
  const res = await t.call<TaskRow[]>(`/API/RemoteMeterTask/Create${PATHS[kind]}Task`, body, admin);
  expect(res.code, res.reason).toBe(0);
  return res.result;
}

/** Waits for the tasks to finish (Success or Failure) and returns them as the list shows them. */
async function finished(
  kind: keyof typeof PATHS | 'TransparentForwarding',
  ids: number[],
): Promise<TaskRow[]> {
  return until(
    `tasks ${ids.join(',')} to finish`,
    async () => {
      const rows: TaskRow[] = [];
      for (const id of ids) {
        const page = await t.call<{ data: TaskRow[] }>(
          `/API/RemoteMeterTask/Get${kind === 'TransparentForwarding' ? kind : PATHS[kind]}Task`,
          { lang: 'en', id },
          admin,
        );
        const row = page.result.data[0];
        if (!row || row.status === 0 || row.status === 3) return undefined;
        rows.push(row);
      }
      return rows;
    },
    30_000,
  );
}

const attempts = async (id: number) =>
  (await t.call<Attempt[]>('/api/RemoteMeterTask/GetTaskAttempts', { id }, admin)).result;

describe.each([
  ['GPRS (communicationWay 0)', GPRS, 'gprs'],
  ['LoRaWAN (communicationWay 1)', LORA, 'lorawan'],
])('%s', (_label, meterId, transport) => {
  it("reads the meter's energy and credit balance", async () => {
    const tasks = await create('reading', [
      { meterId, flag: '901F' },
      { meterId, flag: 'E421' },
    ]);
    const [energy, balance] = await finished(
      'reading',
      tasks.map((x) => x.id),
    );
    const view = fleet.meter(meterId);
    expect(energy).toMatchObject({ status: 1, dataPrefix: 'Total Consumption(kWh)' });
    expect(Number(energy?.data)).toBe((view?.energyHundredths ?? -1) / 100);
    expect(balance).toMatchObject({ status: 1, dataPrefix: 'Credit balance(kWh)' });
    expect(Number(balance?.data)).toBe((view?.balanceTenths ?? -1) / 10);
    const [attempt] = await attempts(balance?.id ?? 0);
    expect(attempt).toMatchObject({ attempt: 1, outcome: 'success', transport });
    // GPRS links wake the meter's UART with FE bytes before the frame.
    expect(attempt?.sendFrame).toMatch(/^(FE )*68( [0-9A-F]{2})+ 16$/);
  });

  it('switches the relay off and on, verified by the status word; a status read agrees', async () => {
    const [off] = await create('control', [{ meterId, flag: 'C03C' }]);
    const [offDone] = await finished('control', [off?.id ?? 0]);
    expect(offDone).toMatchObject({ status: 1, name: 'Switch Off', data: 'Relay Disconnected' });
    expect(fleet.meter(meterId)?.relayOpen).toBe(true);
    const [status] = await create('reading', [{ meterId, flag: 'EFF5' }]);
    expect((await finished('reading', [status?.id ?? 0]))[0]?.data).toBe('Relay Disconnected');
    const [on] = await create('control', [{ meterId, flag: 'C03D' }]);
    expect((await finished('control', [on?.id ?? 0]))[0]).toMatchObject({
      status: 1,
      data: 'Relay Connected',
    });
    expect(fleet.meter(meterId)?.relayOpen).toBe(false);
  });

  it('answers a two-exchange attempt\'s frames as one text each, in order, " | " between them', async () => {
    // Switch On (the relay is on already): the command, then status word 3 read back.
    const [on] = await create('control', [{ meterId, flag: 'C03D' }]);
    expect((await finished('control', [on?.id ?? 0]))[0]).toMatchObject({ status: 1 });
    const [attempt] = await attempts(on?.id ?? 0);
    const frame = '(?:FE )*68(?: [0-9A-F]{2})+ 16';
    const two = new RegExp(`^${frame} \\| ${frame}$`);
    expect(attempt?.sendFrame).toMatch(two);
    expect(attempt?.receiveFrame).toMatch(two);
    // The second frame sent is the status read (control code 11).
    expect(attempt?.sendFrame?.split(' | ')[1]).toMatch(/^(?:FE )*68(?: [0-9A-F]{2}){6} 68 11 /);
  });

  it('delivers a vended token: the balance rises by exactly its units; a second delivery is "already accepted"', async () => {
    const vend = await creditVend(t, { meterId, amount: '2000' }, admin);
    expect(vend.code, vend.reason).toBe(0);
    const before = fleet.meter(meterId)?.balanceTenths ?? 0;
    const [task] = await create('token', [{ meterId, flag: 'A120', data: vend.result.token }]);
    const [done] = await finished('token', [task?.id ?? 0]);
    expect(done).toMatchObject({ status: 1, name: 'Send Token', data: vend.result.token.replace(/ /g, '') });
    expect(done?.reason).toBe('accepted');
    expect((fleet.meter(meterId)?.balanceTenths ?? 0) - before).toBe(Math.round(vend.result.totalUnit * 10));
    const [again] = await create('token', [{ meterId, data: vend.result.token }]);
    const [second] = await finished('token', [again?.id ?? 0]);
    expect(second).toMatchObject({ status: 1, reason: 'already accepted' });
    expect((fleet.meter(meterId)?.balanceTenths ?? 0) - before).toBe(Math.round(vend.result.totalUnit * 10));
  });

  it('forwards a transparent frame and returns the reply byte for byte', async () => {
    const frame = hex(encodeFrame(readRequest(meterAddress(meterId), DI.FORWARD_ACTIVE_TOTAL)));
    const res = await t.call<TaskRow[]>(
      '/API/RemoteMeterTask/CreateTransparentForwardingTask',
      [{ meterId, sendFrame: frame.replace(/ /g, '') }],
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    const [done] = await finished('TransparentForwarding', [res.result[0]?.id ?? 0]);
    expect(done?.status).toBe(1);
    const [attempt] = await attempts(done?.id ?? 0);
    // The operator's bytes go out unchanged (after the FE wake-up preamble a transport may add).
    expect(attempt?.sendFrame?.replace(/^(FE )+/, '')).toBe(frame);
    // And the meter's bytes come back unchanged: what the list shows is what arrived.
    expect(done?.receiveFrame).toBe(attempt?.receiveFrame);
    const reply = decodeFrame(fromHex(done?.receiveFrame ?? ''));
    expect(reply.address).toBe(meterAddress(meterId));
    expect(hex(encodeFrame(reply))).toBe(done?.receiveFrame?.replace(/^(FE )+/, ''));
  });

  it('synchronises the meter clock with a password-protected write', async () => {
    const [task] = await create('setting', [{ meterId, flag: 'C010' }]);
    const [done] = await finished('setting', [task?.id ?? 0]);
    expect(done).toMatchObject({ status: 1, name: 'Clock Synchronization' });
    expect((await attempts(done?.id ?? 0))[0]?.sendFrame?.split(' | ')).toHaveLength(2);
  });
});

describe('Remote Operation account list', () => {
  it("shows each meter's link as the head-end sees it (Online)", async () => {
    await until('the account list to show both meters online', async () => {
      const page = await t.call<{ data: { meterId: string; status: boolean }[] }>(
        '/api/account/read',
        { pageSize: 50 },
        admin,
      );
      return [GPRS, LORA].every((id) => page.result.data.find((a) => a.meterId === id)?.status === true);
    });
  });
});

describe('a link that drops', () => {
  it.each([
    ['GPRS socket closed', GPRS, () => fleet.fault(GPRS, { kind: 'disconnect', downMs: 60_000 })],
    ['LoRaWAN gateway offline', LORA, () => fleet.fault(GW, { kind: 'offline' })],
  ])(
    '%s: Failure "offline", then Resend after it is back gives Success on the same task',
    async (_l, meterId, drop) => {
      drop();
      await until('the link to drop', () => !headend.linkState(meterId).online);
      const [task] = await create('reading', [{ meterId, flag: '901F' }]);
      const [failed] = await finished('reading', [task?.id ?? 0]);
      expect(failed).toMatchObject({ status: 2 });
      expect(failed?.reason).toMatch(/^offline/);
      fleet.clearFaults();
      if (meterId === GPRS) fleet.fault(GPRS, { kind: 'disconnect', downMs: 0 });
      await until('the link to come back', () => headend.linkState(meterId).online);
      const resent = await t.call<TaskRow[]>(
        '/API/RemoteMeterTask/UpdateReadingTask',
        [{ id: task?.id }],
        admin,
      );
      expect(resent.result[0]).toMatchObject({ id: task?.id, status: 0 });
      const [done] = await finished('reading', [task?.id ?? 0]);
      expect(done).toMatchObject({ id: task?.id, status: 1, attempts: 2 });
      expect((await attempts(task?.id ?? 0)).map((a) => a.outcome)).toEqual(['offline', 'success']);
    },
  );
});
