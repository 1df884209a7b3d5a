import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Frame, meterAddress } from '@prepay/dlt645';
import { type Clock, type Fleet, startFleet } from '@prepay/simulator';
import mqtt, { type MqttClient } from 'mqtt';
import type { BuildOptions } from '../src/app.js';
import type { Config } from '../src/config.js';
import { rowsOf as metricsRowsOf } from '../src/db/client.js';
import { meters } from '../src/db/schema.js';
import type { HeadEndConfig, HeadEndService } from '../src/headend/head-end.js';
import type { RunnerOptions } from '../src/modules/remote-task/index.js';
import { createTestApp, type TestApp } from './harness.js';
import { freePort } from './server-process.js';
import { METER_STS, testConfig } from './test-config.js';

export { freePort };

/** The rows of a raw query as records (drivers differ in how they hand them back). */
export const rowsOf = (result: unknown) => metricsRowsOf<Record<string, unknown>>(result);

/** Polls `check` until it returns a value other than undefined/false, or fails after `ms`. */
export async function until<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Debian's mosquitto on a free loopback port, with a throw-away config. */
export async function startMosquitto(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mosquitto-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const child: ChildProcess = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until(
    'mosquitto to listen',
    () =>
      new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      }),
  );
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Head-end settings for a test: its own broker, an ephemeral GPRS port on loopback, short timeouts. */
export function headendTestConfig(h: Partial<HeadEndConfig>): Partial<Config> {
  return {
    headend: {
      ...testConfig().headend,
      mqttPort: 0,
      headendPort: 'ephemeral',
      headendHost: '127.0.0.1',
      timeoutMs: { lorawan: 2_000, gprs: 2_000 },
      persistMs: 200,
      ...h,
    },
  };
}

/** Meters written straight to the table (the meter API has its own tests). */
export async function insertMeters(
  t: TestApp,
  rows: { meterId: string; communicationWay: number; devEui?: string; stationId?: string }[],
) {
  await t.database.db.insert(meters).values(
    rows.map((r) => ({
      meterId: r.meterId,
      communicationWay: r.communicationWay,
      devEui: r.devEui,
      stationId: r.stationId ?? '0001',
    })),
  );
}

/** A plain MQTT client playing the network server. */
export async function networkServer(
  url: string,
): Promise<MqttClient & { downlinks: { topic: string; body: Record<string, unknown> }[] }> {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  const downlinks: { topic: string; body: Record<string, unknown> }[] = [];
  await client.subscribeAsync('application/+/device/+/command/down');
  client.on('message', (topic, payload) => {
    if (topic.endsWith('/command/down')) downlinks.push({ topic, body: JSON.parse(payload.toString()) });
  });
  return Object.assign(client, { downlinks });
}

export const APP_ID = '0b1f6c57-3d6a-4c55-9a5b-0a8d7d0f2a11';

/** A ChirpStack v4 uplink event carrying `data` through `gateways` (best first). */
export function uplinkEvent(devEui: string, fCnt: number, data: Uint8Array, gateways: string[], fPort = 2) {
  return JSON.stringify({
    deduplicationId: `dedup-${devEui}-${fCnt}`,
    time: new Date().toISOString(),
    deviceInfo: {
      tenantId: 't',
      tenantName: 'T',
      applicationId: APP_ID,
      applicationName: 'meters',
      deviceProfileId: 'p',
      deviceProfileName: 'class-c',
      deviceName: devEui,
      devEui,
    },
    devAddr: '01020304',
    fCnt,
    fPort,
    confirmed: false,
    data: Buffer.from(data).toString('base64'),
    rxInfo: gateways.map((gatewayId, i) => ({
      gatewayId,
      uplinkId: i + 1,
      rssi: -60 - i * 10,
      snr: 7,
      time: new Date().toISOString(),
    })),
    txInfo: {
      frequency: 868_100_000,
      modulation: { lora: { bandwidth: 125_000, spreadingFactor: 7, codeRate: 'CR_4_5' } },
    },
  });
}

export const upTopic = (devEui: string) => `application/${APP_ID}/device/${devEui}/event/up`;

/** Decodes a downlink body's DL/T 645 payload. */
export function downlinkBytes(body: Record<string, unknown>): Uint8Array {
  return new Uint8Array(Buffer.from(String(body.data), 'base64'));
}

export type { Frame };

/** The head-end of an app built with one (createTestApp(…, { headend: true })). */
export function headendOf(t: TestApp): HeadEndService {
  const h = t.app.deps.headend;
  if (!h) throw new Error('the app was built without its head-end');
  return h;
}

/**
 * The remote-task runner's timings shortened for tests: given to the app it builds, not through the
 * environment, which the test files of a worker share.
 */
export const FAST_REMOTE_TASKS = { backoffMs: 100, pollMs: 50, warmupMs: 0 } satisfies Partial<RunnerOptions>;

/**
 * A simulated GPRS meter and a LoRaWAN meter behind one gateway, connected to the app's head-end and
 * reporting often (so a LoRaWAN meter is heard again soon after its gateway returns); resolves once
 * the head-end sees both online.
 */
export async function gprsAndLoraFleet(opts: {
  headend: HeadEndService;
  mqttUrl: string;
  gatewayId: string;
  gprs: string;
  lora: string;
  devEui: string;
  balance: number;
  clock: Clock;
  /** 0 electricity (the default), 1 water. */
  type?: number;
}): Promise<Fleet> {
  const { headend, gatewayId, gprs, lora } = opts;
  const meter = { type: opts.type ?? 0, sts: METER_STS, balance: opts.balance };
  const fleet = await startFleet({
    spec: {
      gateways: [{ gatewayId }],
      meters: [
        { ...meter, meterId: gprs, address: meterAddress(gprs), communicationWay: 0 },
        {
          ...meter,
          meterId: lora,
          address: meterAddress(lora),
          communicationWay: 1,
          devEui: opts.devEui,
          gatewayIds: [gatewayId],
        },
      ],
    },
    mqttUrl: opts.mqttUrl,
    tcp: { host: '127.0.0.1', port: headend.gprsPort ?? 0 },
    clock: opts.clock,
    firstStatusWithinMs: 50,
    statusIntervalMs: 1_000,
    downlinkDelayMs: 20,
    backoffMs: 100,
  });
  await fleet.ready();
  await until('both meters online', () => headend.linkState(gprs).online && headend.linkState(lora).online);
  return fleet;
}

/** A broker of its own and a test app whose head-end uses it (`h`: head-end settings beyond headendTestConfig's). */
export async function appWithHeadend(
  h: Partial<HeadEndConfig> = {},
  overrides: Partial<Config> = {},
  build: Pick<BuildOptions, 'remoteTasks' | 'keyCampaignSweepMs'> = {},
) {
  const broker = await startMosquitto();
  const t = await createTestApp(
    { ...headendTestConfig({ mqttUrl: broker.url, ...h }), ...overrides },
    { headend: true, ...build },
  );
  return { broker, t, headend: headendOf(t) };
}
