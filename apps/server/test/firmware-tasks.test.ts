import type { DlmsClient } from '@prepay/dlms';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { firmwareFiles, firmwareTasks } from '../src/db/schema.js';
import { createFirmwareService } from '../src/modules/firmware/index.js';
import { conformsToOriginal as conforms, simulatedDlmsMeter } from './dlms-sim-fixture.js';
import { type TestApp, userWithRole } from './harness.js';
import { clearReportData, type FixtureMeter, reportTest } from './report-fixture.js';

/** Firmware uploads (.bin, ≤ 2 MB) and upgrade tasks: stored, station-scoped, run by image transfer with progress. */
type TaskRow = {
  id: number;
  meterId: string;
  status: number;
  blocksDone: number;
  blockCount: number;
  reason: string | null;
};
const IMAGE = Buffer.from(Uint8Array.from({ length: 3000 }, (_, i) => (i * 13 + 1) & 0xff));

/** Uploads meter firmware `name` and creates its upgrade task for the fixture's first meter; answers the task's id. */
async function taskOnFirstMeter(
  t: TestApp,
  admin: string,
  fleet: FixtureMeter[],
  name: string,
  content: Buffer,
) {
  await t.upload('/API/File/UploadBin', { name, content }, admin);
  const meterRow = fleet[0];
  if (!meterRow) throw new Error('no meter');
  const created = await t.call<TaskRow[]>(
    '/API/UpdateFirmwareTask/CreateUpdateFirmwareTask',
    [{ meterId: meterRow.meterId, fileName: name }],
    admin,
  );
  return created.result[0]?.id ?? 0;
}

const it = reportTest(async ({ t }) => {
  await clearReportData(t);
  const s1 = await userWithRole(t, {
    userId: 'fw1',
    content: 'RemoteMeterTask.CreateControlTask',
    stationId: 'S1',
  });
  return { s1 };
});

describe('firmware uploads', () => {
  it('stores a .bin of at most 2 MB once; refuses anything else with a translated sentence', async ({
    t,
    admin,
  }) => {
    const ok = await t.upload('/API/File/UploadBin', { name: 'PM-DLMS-2.0.bin', content: IMAGE }, admin);
    expect(ok.json()).toMatchObject({ code: 0, result: 'PM-DLMS-2.0.bin' });
    conforms('FileUploadBin', ok.json());
    const [stored] = await t.database.db.select().from(firmwareFiles);
    expect([stored?.kind, stored?.size, Buffer.compare(stored?.bytes ?? Buffer.alloc(0), IMAGE)]).toEqual([
      'meter',
      3000,
      0,
    ]);

    const again = await t.upload('/API/File/UploadBin', { name: 'PM-DLMS-2.0.bin', content: IMAGE }, admin);
    expect(again.json().reason).toBe('Firmware file PM-DLMS-2.0.bin already exists');
    const hex = await t.upload('/API/File/UploadBin', { name: 'image.hex', content: IMAGE }, admin);
    expect(hex.json().reason).toBe('Only firmware images can be uploaded (.bin)');
    const res = await t.app.inject({
      method: 'POST',
      url: '/API/File/UploadBin',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'es' },
      payload: '',
    });
    expect(res.json().reason).toBe('Envíe el archivo como multipart/form-data en un campo llamado "file"');
    const big = await t.upload(
      '/API/File/ConcentratorUploadBin',
      { name: 'big.bin', content: Buffer.alloc(2 * 1024 * 1024 + 1) },
      admin,
    );
    expect(big.json().reason).toBe('The file is larger than 2 MB');
    expect(await t.database.db.select({ n: firmwareFiles.fileName }).from(firmwareFiles)).toHaveLength(1);
    const concentrator = await t.upload(
      '/API/File/ConcentratorUploadBin',
      { name: 'DCU-1.1.bin', content: IMAGE },
      admin,
    );
    expect(concentrator.json().code).toBe(0);
  });
});

describe('firmware update tasks', () => {
  it('queue per meter within the station, run by image transfer with progress, resume after a dropped link', async ({
    t,
    admin,
    prepared: { s1, fleet },
  }) => {
    await t.upload('/API/File/UploadBin', { name: 'PM-DLMS-2.0.bin', content: IMAGE }, admin);
    const [mine, theirs] = [fleet.find((m) => m.stationId === 'S1'), fleet.find((m) => m.stationId === 'S2')];
    if (!mine || !theirs) throw new Error('the fixture has no meter in S1 or S2');
    const refused = await t.call(
      '/API/UpdateFirmwareTask/CreateUpdateFirmwareTask',
      [{ meterId: theirs.meterId, fileName: 'PM-DLMS-2.0.bin' }],
      s1,
    );
    expect(refused.reason).toBe(`Meter ${theirs.meterId} not found`);
    const noFile = await t.call(
      '/API/UpdateFirmwareTask/CreateUpdateFirmwareTask',
      [{ meterId: mine.meterId, fileName: 'DCU-1.1.bin' }],
      s1,
    );
    expect(noFile.reason).toBe('Firmware file DCU-1.1.bin not found');
    const created = await t.call<TaskRow[]>(
      '/API/UpdateFirmwareTask/CreateUpdateFirmwareTask',
      [{ meterId: mine.meterId, fileName: 'PM-DLMS-2.0.bin' }],
      s1,
    );
    const id = created.result[0]?.id ?? 0;
    conforms('CreateUpdateFirmwareTask', created);
    expect(created.result.map((r) => [r.meterId, r.status])).toEqual([[mine.meterId, 0]]);

    const sim = await simulatedDlmsMeter(9);
    const { meter, associated } = { meter: sim.meter, associated: () => sim.associated() };
    const firmware = createFirmwareService({ database: t.database, clock: t.clock } as never);
    try {
      const first = await associated();
      // The link drops once the meter holds 6 blocks: the attempt fails with its progress kept.
      const dropping = {
        get: first.get.bind(first),
        action: async (...args: Parameters<DlmsClient['action']>) => {
          if (meter.imageTransfer.blocksReceived === 6) first.close();
          return first.action(...args);
        },
      } as typeof first;
      const failed = await firmware.runTask(id, dropping);
      expect([failed.status, failed.blocksDone, failed.blockCount]).toEqual([2, 6, 16]);
      expect(failed.reason).toMatch(/^the link failed: /);
      const done = await firmware.runTask(id, await associated());
      expect([done.status, done.blocksDone, done.blockCount, done.reason]).toEqual([1, 16, 16, null]);
      expect(meter.imageTransfer.blocksReceived).toBe(16);
      expect(new TextDecoder().decode(meter.imageTransfer.active)).toBe('PM-DLMS-2.0');
    } finally {
      await sim.close();
    }
    const page = await t.call<{ total: number; data: TaskRow[] }>(
      '/API/UpdateFirmwareTask/GetUpdateFirmwareTask',
      { status: 1 },
      s1,
    );
    expect(page.result.data.map((r) => [r.id, r.status, r.blocksDone])).toEqual([[id, 1, 16]]);
    conforms('GetUpdateFirmwareTask', page);
    const [row] = await t.database.db.select().from(firmwareTasks).where(eq(firmwareTasks.id, id));
    expect(row?.status).toBe(1);
  });

  it('fails a task for a meter of another model without sending a block', async ({
    t,
    admin,
    prepared: { fleet },
  }) => {
    const id = await taskOnFirstMeter(t, admin, fleet, 'WM-200-3.0.bin', IMAGE);
    const sim = await simulatedDlmsMeter(9);
    try {
      const client = await sim.associated();
      const firmware = createFirmwareService({ database: t.database, clock: t.clock } as never);
      const failed = await firmware.runTask(id, client);
      expect([failed.status, failed.reason]).toEqual([2, 'the meter is a PM-DLMS, the image is for WM-200']);
      expect(sim.meter.imageTransfer.blocksReceived).toBe(0);
    } finally {
      await sim.close();
    }
  });

  it("stores a long transfer's progress in hundredths, and the exact count when the link drops", async ({
    t,
    admin,
    prepared: { fleet },
  }) => {
    // 40,000 bytes: 209 blocks of 192, progress stored every third block; the link drops after 100.
    const long = Buffer.from(Uint8Array.from({ length: 40_000 }, (_, i) => (i * 7 + 3) & 0xff));
    const id = await taskOnFirstMeter(t, admin, fleet, 'PM-DLMS-4.0.bin', long);
    const sim = await simulatedDlmsMeter(9);
    const firmware = createFirmwareService({ database: t.database, clock: t.clock } as never);
    const stored: number[] = [];
    try {
      const first = await sim.associated();
      const dropping = {
        get: first.get.bind(first),
        action: async (...args: Parameters<DlmsClient['action']>) => {
          const [row] = await t.database.db.select().from(firmwareTasks).where(eq(firmwareTasks.id, id));
          if (row && stored.at(-1) !== row.blocksDone) stored.push(row.blocksDone);
          if (sim.meter.imageTransfer.blocksReceived === 100) first.close();
          return first.action(...args);
        },
      } as typeof first;
      const failed = await firmware.runTask(id, dropping);
      expect([failed.status, failed.blocksDone, failed.blockCount]).toEqual([2, 100, 209]);
      expect(stored).toEqual(Array.from({ length: 34 }, (_, i) => i * 3));
      const done = await firmware.runTask(id, await sim.associated());
      expect([done.status, done.blocksDone, done.blockCount]).toEqual([1, 209, 209]);
      expect(sim.meter.imageTransfer.blocksReceived).toBe(209);
    } finally {
      await sim.close();
    }
  });
});
