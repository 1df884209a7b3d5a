import type { ProtocolTaskRow } from '@prepay/contracts';
import { fromHex } from '@prepay/dlms';
import {
  type DlmsListener,
  DlmsMeter,
  type DlmsMeterOptions,
  listenDlmsMeter,
  type ManualClock,
  MeterModel,
  type syntheticFleet,
} from '@prepay/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import { dlmsItems } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './harness.js';
import { headendTestConfig, until } from './headend-fixture.js';

/** An app with the head-end and its task runner (no retries, 2 s a meter), and an administrator's token. */
export async function headendApp(): Promise<{ t: TestApp; admin: string }> {
  const t = await createTestApp(headendTestConfig({}), {
    headend: true,
    remoteTasks: { warmupMs: 0, pollMs: 50, retries: 0, timeoutMs: 2_000 },
  });
  return { t, admin: await t.adminToken() };
}

/**
 * Closes, after the suite, its app and the simulated meters it listened with; a start that failed part way
 * leaves some of them unset.
 */
export function closeAfterAll(
  opened: () => { app?: TestApp; meters: ({ listener: DlmsListener } | undefined)[] },
) {
  afterAll(async () => {
    const { app, meters } = opened();
    await app?.close();
    for (const meter of meters) await meter?.listener.close();
  });
}

/**
 * The meter's wall-clock time (ms) as the wire writes it, "yyyy-MM-dd HH:mm:ss" (the server reads the
 * meter's clock as local time).
 */
export const wireTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The head-end app with one DLMS meter, listening on `port` of this host, created through the API. */
export async function headendAppWithMeter(meterId: string, port: number) {
  const app = await headendApp();
  const res = await app.t.call('/api/meter/create', [{ ...DLMS_METER, meterId, ipPort: port }], app.admin);
  expect(res.code, res.reason).toBe(0);
  return app;
}

/** Fields every DLMS meter the tests create shares: catalogue version 1.1, GPRS, listening on this host. */
export const DLMS_METER = {
  protocolVersion: '1.1',
  communicationWay: 0,
  ipAddress: '127.0.0.1',
  stationId: '0001',
};

/** The id of the catalogue row (version 1.1) of a family (`type`) and object. */
export async function dlmsItemId(t: TestApp, type: number, obis: string): Promise<number> {
  const rows = await t.database.db.select().from(dlmsItems).where(eq(dlmsItems.obis, obis));
  const row = rows.find((r) => r.type === type && r.version === '1.1');
  if (!row) throw new Error(`no item ${obis}`);
  return row.dlmsId;
}

/** Queues one GPRS task and waits for it to finish; answers its row as the family's list shows it. */
export async function runGprsTask(
  t: TestApp,
  admin: string,
  family: string,
  body: Record<string, unknown>,
): Promise<ProtocolTaskRow> {
  const created = await t.call<ProtocolTaskRow[]>(
    `/API/GPRSMeterTask/GPRSCreate${family}Task`,
    [body],
    admin,
  );
  expect(created.code, created.reason).toBe(0);
  const id = created.result[0]?.id;
  return until(`${family} task ${id}`, async () => {
    const list = await t.call<{ data: ProtocolTaskRow[] }>(
      `/API/GPRSMeterTask/GPRSGet${family}Task`,
      { lang: 'en', id, pageNumber: 1, pageSize: 5 },
      admin,
    );
    const row = list.result.data[0];
    return row && (row.status === 1 || row.status === 2) ? row : undefined;
  });
}

/** A GPRS reading task on the catalogue's reading object `obis` of `meterId` (with `more`, e.g. a range), run to its end. */
export const runReading = async (t: TestApp, admin: string, meterId: string, obis: string, more = {}) =>
  runGprsTask(t, admin, 'Reading', { meterId, protocolId: await dlmsItemId(t, 0, obis), ...more });

/** The HLS-GMAC keys of the test meters (the DLMS UA Green Book's example keys), as a meter record takes them. */
export const HLS_KEYS = {
  blockCipherKey: '000102030405060708090A0B0C0D0E0F',
  authenticationKey: 'D0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF',
};

/** A simulated meter's HLS-GMAC security with those keys. */
export const hlsSecurity = (): Security => ({
  authentication: 'high-gmac',
  keys: {
    blockCipherKey: fromHex(HLS_KEYS.blockCipherKey),
    authenticationKey: fromHex(HLS_KEYS.authenticationKey),
  },
  systemTitle: fromHex('4D4D4D0000BC614E'),
});

type MeterSpec = ReturnType<typeof syntheticFleet>['meters'][number];
type Security = Parameters<typeof listenDlmsMeter>[1]['security'];

/** A simulated electricity meter (50 kWh of credit) answering DLMS on a TCP port of this host. */
export async function listeningDlmsMeter(
  spec: MeterSpec | undefined,
  clock: ManualClock,
  security: Security = { authentication: 'none' },
  options: DlmsMeterOptions = {},
) {
  if (!spec) throw new Error('no synthetic meter');
  const model = new MeterModel(
    { meterId: spec.meterId, address: spec.address, type: 0, sts: spec.sts, balanceTenths: 5000 },
    clock.now(),
  );
  const meter = new DlmsMeter(model, clock, options);
  return { model, meter, listener: await listenDlmsMeter(meter, { security }) };
}

export type ListeningMeter = Awaited<ReturnType<typeof listeningDlmsMeter>>;

/** A simulated meter listening as `meterId` (see listeningDlmsMeter), and the head-end app it is created in. */
export async function appWithDlmsMeter(
  meterId: string,
  ...meter: Parameters<typeof listeningDlmsMeter>
): Promise<{ t: TestApp; admin: string; sim: ListeningMeter }> {
  const sim = await listeningDlmsMeter(...meter);
  return { ...(await headendAppWithMeter(meterId, sim.listener.port)), sim };
}
