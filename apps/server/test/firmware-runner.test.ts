import type { FirmwareTaskRow } from '@prepay/contracts';
import {
  type DlmsListener,
  DlmsMeter,
  listenDlmsMeter,
  ManualClock,
  MeterModel,
  syntheticFleet,
} from '@prepay/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';
import { headendTestConfig, until } from './headend-fixture.js';

/**
 * Firmware upgrades sent by the head-end itself: tasks queued through the API are taken by the firmware
 * runner and sent over each meter's DLMS association (the DLMS transport) to simulated DLMS meters; one
 * meter's link drops mid-transfer and the runner resumes it from the meter's first missing block.
 */
const SPEC = syntheticFleet({ count: 3, seed: 31 }).meters;
const METERS = ['47009910001', '47009910002', '47009910003'];
const GONE = '47009910009';
// 40,000 bytes: 209 blocks of 192.
const IMAGE = Buffer.from(Uint8Array.from({ length: 40_000 }, (_, i) => (i * 11 + 5) & 0xff));

let t: TestApp;
let admin: string;
const sims: { meter: DlmsMeter; listener: DlmsListener }[] = [];

type TaskRow = FirmwareTaskRow;

beforeAll(async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 8));
  for (const spec of SPEC) {
    const model = new MeterModel(
      { meterId: spec.meterId, address: spec.address, type: 0, sts: spec.sts, balanceTenths: 5000 },
      clock.now(),
    );
    const meter = new DlmsMeter(model, clock);
    sims.push({ meter, listener: await listenDlmsMeter(meter, { security: { authentication: 'none' } }) });
  }
  t = await createTestApp(headendTestConfig({}), {
    headend: true,
    remoteTasks: { warmupMs: 0, pollMs: 50, retries: 0, timeoutMs: 2_000 },
  });
  admin = await t.adminToken();
  const common = { protocolVersion: '1.1', communicationWay: 0, ipAddress: '127.0.0.1', stationId: '0001' };
  const lines = [
    ...METERS.map((meterId, i) => ({ ...common, meterId, ipPort: sims[i]?.listener.port })),
    // Nothing listens on port 9 of this host.
    { ...common, meterId: GONE, ipPort: 9 },
  ];
  const res = await t.call('/api/meter/create', lines, admin);
  expect(res.code, res.reason).toBe(0);
});
afterAll(async () => {
  await t?.close();
  for (const s of sims) await s.listener.close();
});

describe('firmware upgrades sent by the head-end', () => {
  it('sends a queued image to every meter it reaches, resumes a dropped link, fails an unreachable meter', async () => {
    const first = sims[0];
    if (!first) throw new Error('no simulated meter');
    // After the meter holds 50 blocks its link drops: the next request is not answered and the socket closes.
    const transfer = first.meter.imageTransfer;
    const action = transfer.action.bind(transfer);
    transfer.action = (method, parameter) => {
      const done = action(method, parameter);
      if (transfer.blocksReceived === 50) first.listener.mode = 'drop-once';
      return done;
    };
    const up = await t.upload('/API/File/UploadBin', { name: 'PM-DLMS-5.0.bin', content: IMAGE }, admin);
    expect(up.json().code).toBe(0);
    const created = await t.call<TaskRow[]>(
      '/API/UpdateFirmwareTask/CreateUpdateFirmwareTask',
      [...METERS, GONE].map((meterId) => ({ meterId, fileName: 'PM-DLMS-5.0.bin' })),
      admin,
    );
    expect(created.code, created.reason).toBe(0);
    const rows = await until('every firmware task ended', async () => {
      const page = await t.call<{ data: TaskRow[] }>(
        '/API/UpdateFirmwareTask/GetUpdateFirmwareTask',
        { pageNumber: 1, pageSize: 10 },
        admin,
      );
      const ended = page.result.data.filter((r) => r.status === 1 || r.status === 2);
      return ended.length === 4 ? ended : undefined;
    });
    const byMeter = new Map(rows.map((r) => [r.meterId, r]));
    for (const meterId of METERS) {
      expect([byMeter.get(meterId)?.status, byMeter.get(meterId)?.blocksDone], meterId).toEqual([1, 209]);
    }
    expect(byMeter.get(GONE)?.status).toBe(2);
    expect(byMeter.get(GONE)?.reason).toMatch(/^the link failed: /);
    for (const s of sims) {
      expect(new TextDecoder().decode(s.meter.imageTransfer.active)).toBe('PM-DLMS-5.0');
      expect(Buffer.compare(Buffer.from(s.meter.imageTransfer.image()), IMAGE)).toBe(0);
    }
    // The dropped meter got each block once: the second attempt resumed at block 50.
    expect(first.listener.connections).toBe(2);
    expect(first.meter.imageTransfer.blocksReceived).toBe(209);
  });
});
