import {
  abnormalReply,
  bcdEncode,
  DI,
  decodeFrame,
  ErrorWord,
  encodeFrame,
  normalReply,
  parseReply,
  readRequest,
} from '@prepay/dlt645';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateways, meterLinks } from '../src/db/schema.js';
import type { HeadEndService } from '../src/headend/head-end.js';
import { createTestApp, type TestApp } from './harness.js';
import {
  appWithHeadend,
  downlinkBytes,
  headendOf,
  headendTestConfig,
  insertMeters,
  networkServer,
  type startMosquitto,
  until,
  uplinkEvent,
  upTopic,
} from './headend-fixture.js';

const GW1 = 'E4-38-19-FF-FE-00-00-01';
const GW2 = 'E4-38-19-FF-FE-00-00-02';
const METER = '47100000003';
const ADDRESS = '047100000003';
const DEV_EUI = '70b3d5e75e000003';
const SILENT = '47100000011';
const SILENT_EUI = '70b3d5e75e000011';

let broker: Awaited<ReturnType<typeof startMosquitto>>;
let t: TestApp;
let headend: HeadEndService;
let ns: Awaited<ReturnType<typeof networkServer>>;
let admin: string;

beforeAll(async () => {
  ({ broker, t, headend } = await appWithHeadend());
  admin = await t.adminToken();
  await t.database.db.insert(gateways).values([
    { gatewayId: GW1, gatewayName: 'North', stationId: '0001' },
    { gatewayId: GW2, gatewayName: 'South', stationId: '0001' },
  ]);
  await insertMeters(t, [
    { meterId: METER, communicationWay: 1, devEui: DEV_EUI },
    { meterId: SILENT, communicationWay: 1, devEui: SILENT_EUI },
  ]);
  await headend.refreshMeters();
  ns = await networkServer(broker.url);
}, 60_000);

afterAll(async () => {
  await ns?.endAsync();
  await t?.close();
  await broker?.stop();
});

const counters = new Map<string, number>();
/** The device's next uplink frame counter. */
function next(devEui: string, step = 1): number {
  const n = (counters.get(devEui) ?? 0) + step;
  counters.set(devEui, n);
  return n;
}
/** The meter's own status report (no request pending): makes it and its gateways known. */
async function report(client: MqttClient, devEui: string, address: string, via: string[]) {
  const status = normalReply(readRequest(address, DI.RUN_STATUS_3), Uint8Array.of(0, 0));
  await client.publishAsync(upTopic(devEui), uplinkEvent(devEui, next(devEui), encodeFrame(status), via), {
    qos: 1,
  });
}

async function gatewayRow(id: string) {
  const [row] = await t.database.db.select().from(gateways).where(eq(gateways.gatewayId, id));
  return row;
}

describe('head-end over LoRaWAN (ChirpStack v4 MQTT integration on a real mosquitto)', () => {
  it('takes gateways online and offline from conn-state messages, with and without a region prefix', async () => {
    const online = (id: string) => JSON.stringify({ gatewayId: id, state: 'ONLINE' });
    await ns.publishAsync('eu868/gateway/e43819fffe000001/state/conn', online('e43819fffe000001'), {
      retain: true,
      qos: 1,
    });
    await ns.publishAsync('gateway/e43819fffe000002/state/conn', online('e43819fffe000002'), { qos: 1 });
    await until('both gateways online in the database', async () => {
      await headend.flush();
      return (await gatewayRow(GW1))?.status && (await gatewayRow(GW2))?.status;
    });
    expect((await gatewayRow(GW1))?.lastSeen).toBeInstanceOf(Date);

    await ns.publishAsync(
      'eu868/gateway/e43819fffe000002/state/conn',
      JSON.stringify({ gatewayId: 'e43819fffe000002', state: 'OFFLINE' }),
      { qos: 1 },
    );
    await until('GW2 offline', async () => {
      await headend.flush();
      return (await gatewayRow(GW2))?.status === false;
    });
    const page = await t.call<{ data: { gatewayId: string; status: boolean }[] }>(
      '/api/gateway/read',
      {},
      admin,
    );
    expect(page.result.data.map((g) => [g.gatewayId, g.status])).toEqual([
      [GW1, true],
      [GW2, false],
    ]);
  });

  it('sends a frame to a LoRaWAN meter as a ChirpStack downlink; its uplink reply completes the request', async () => {
    await report(ns, DEV_EUI, ADDRESS, ['e43819fffe000001', 'e43819fffe000002']);
    await until('meter heard', () => headend.linkState(METER).online);
    expect(headend.linkState(METER)).toMatchObject({ transport: 'lorawan', gatewayId: GW1 });

    const request = readRequest(ADDRESS, DI.REMAINING_ENERGY);
    const pending = headend.exchange(METER, request);
    const down = await until('a downlink', () => ns.downlinks.shift());
    expect(down.topic).toBe(
      `application/0b1f6c57-3d6a-4c55-9a5b-0a8d7d0f2a11/device/${DEV_EUI}/command/down`,
    );
    expect(down.body).toMatchObject({ devEui: DEV_EUI, confirmed: false, fPort: 2 });
    expect(typeof down.body.id).toBe('string');
    const sent = decodeFrame(downlinkBytes(down.body));
    expect(sent).toEqual(request);

    const reply = normalReply(sent, bcdEncode(123_45, 4)); // 123.45 kWh left
    await ns.publishAsync(
      upTopic(DEV_EUI),
      uplinkEvent(DEV_EUI, next(DEV_EUI), encodeFrame(reply), ['e43819fffe000001']),
    );
    const result = await pending;
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.transport).toBe('lorawan');
    const parsed = parseReply(request, result.reply);
    expect(parsed.ok && Array.from(parsed.value)).toEqual(Array.from(bcdEncode(123_45, 4)));

    await until('the meter link persisted', async () => {
      await headend.flush();
      const [row] = await t.database.db.select().from(meterLinks).where(eq(meterLinks.meterId, METER));
      return row?.online && row;
    }).then((row) => expect(row).toMatchObject({ transport: 'lorawan', gatewayId: GW1 }));
    const page = await t.call<{ data: Record<string, unknown>[] }>(
      '/api/meter/read',
      { meterId: METER },
      admin,
    );
    expect(page.result.data[0]).toMatchObject({
      meterId: METER,
      devEui: DEV_EUI,
      online: true,
      transport: 'lorawan',
      servingGatewayId: GW1,
      lastSeen: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });

  it('reports a refusal as meter-error with the error word', async () => {
    const request = readRequest(ADDRESS, DI.VOLTAGE_A);
    const pending = headend.exchange(METER, request);
    const down = await until('a downlink', () => ns.downlinks.shift());
    const refusal = abnormalReply(decodeFrame(downlinkBytes(down.body)), ErrorWord.NO_DATA);
    await ns.publishAsync(
      upTopic(DEV_EUI),
      uplinkEvent(DEV_EUI, next(DEV_EUI), encodeFrame(refusal), ['e43819fffe000001']),
    );
    expect(await pending).toMatchObject({ ok: false, failure: 'meter-error', errorWord: ErrorWord.NO_DATA });
  });

  it('fails a request the network server logs as undeliverable', async () => {
    const pending = headend.exchange(METER, readRequest(ADDRESS, DI.CURRENT_A));
    const down = await until('a downlink', () => ns.downlinks.shift());
    await ns.publishAsync(
      `application/0b1f6c57-3d6a-4c55-9a5b-0a8d7d0f2a11/device/${DEV_EUI}/event/log`,
      JSON.stringify({
        level: 'ERROR',
        code: 'DOWNLINK_GATEWAY',
        description: 'gateway busy',
        context: { queue_item_id: down.body.id },
      }),
    );
    const result = await pending;
    expect(result).toMatchObject({ ok: false, failure: 'offline' });
    expect(!result.ok && result.detail).toMatch(/DOWNLINK_GATEWAY/);
  });

  it('a meter that never answers times out; its late reply is dropped and the next request still works', async () => {
    await report(ns, SILENT_EUI, '047100000011', ['e43819fffe000001']);
    await until('silent meter heard', () => headend.linkState(SILENT).online);
    const first = readRequest('047100000011', DI.FORWARD_ACTIVE_TOTAL);
    const timedOut = await headend.exchange(SILENT, first, { timeoutMs: 300 });
    expect(timedOut).toMatchObject({ ok: false, failure: 'timeout' });
    ns.downlinks.length = 0;

    const second = readRequest('047100000011', DI.ACTIVE_POWER_TOTAL);
    const pending = headend.exchange(SILENT, second);
    const down = await until('the second downlink', () => ns.downlinks.shift());
    // The answer to the first request arrives late, then the answer to the second.
    const late = normalReply(first, bcdEncode(999, 4));
    const answer = normalReply(decodeFrame(downlinkBytes(down.body)), bcdEncode(1_234, 3));
    await ns.publishAsync(
      upTopic(SILENT_EUI),
      uplinkEvent(SILENT_EUI, next(SILENT_EUI), encodeFrame(late), ['e43819fffe000001']),
    );
    await ns.publishAsync(
      upTopic(SILENT_EUI),
      uplinkEvent(SILENT_EUI, next(SILENT_EUI), encodeFrame(answer), ['e43819fffe000001']),
    );
    const result = await pending;
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(Array.from(parseReply(second, result.reply).ok ? result.reply.data : [])).toEqual(
        Array.from(answer.data),
      );
  });

  it('computes the hourly success rate, counting frame-counter gaps as lost uplinks', async () => {
    const fresh = 'E4-38-19-FF-FE-00-00-03';
    await t.database.db.insert(gateways).values({ gatewayId: fresh, stationId: '0001' });
    const status = encodeFrame(normalReply(readRequest(ADDRESS, DI.RUN_STATUS_3), Uint8Array.of(0, 0)));
    // Counter n+1, n+2, then n+5: two uplinks lost → 3 answered of 5 attempted = 60 %.
    for (const n of [next(DEV_EUI), next(DEV_EUI), next(DEV_EUI, 3)]) {
      await ns.publishAsync(upTopic(DEV_EUI), uplinkEvent(DEV_EUI, n, status, ['e43819fffe000003']), {
        qos: 1,
      });
    }
    const row = await until('the rate written', async () => {
      await headend.flush();
      const r = await gatewayRow(fresh);
      return r && r.successRateBp === 6000 && r;
    });
    expect(row.status).toBe(true);
    const page = await t.call<{ data: { successRate: number }[] }>(
      '/api/gateway/read',
      { gatewayId: '00-03' },
      admin,
    );
    expect(page.result.data[0]?.successRate).toBe(60);
  });

  it('1,000 malformed MQTT messages leave it healthy: /healthz answers and a real request completes', async () => {
    const topics = [
      upTopic(DEV_EUI),
      `application/x/device/${DEV_EUI}/event/up`,
      'application/x/device/ffffffffffffffff/event/up',
      'eu868/gateway/e43819fffe000001/state/conn',
      'gateway/zz/state/conn',
      `application/x/device/${DEV_EUI}/event/log`,
      `application/x/device/${DEV_EUI}/event/txack`,
    ];
    const bodies = [
      'not json',
      '[1,2,3]',
      'null',
      '{"fCnt":"x","data":12}',
      '{"data":"!!!not base64!!!","fPort":2}',
      JSON.stringify({ fPort: 2, data: Buffer.from('hello, not a frame').toString('base64'), rxInfo: 'x' }),
      '{"state":"MAYBE"}',
      '{"context":42,"level":"ERROR"}',
      '\u0000\u0001\u0002',
      'x'.repeat(70_000),
      // Nested far past any event (under the size limit): never walked, never a stack overflow.
      `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
      `{"queueItemId":${'['.repeat(20_000)}${']'.repeat(20_000)},"context":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
    ];
    for (let i = 0; i < 1_000; i++) {
      await ns.publishAsync(topics[i % topics.length] ?? '', bodies[i % bodies.length] ?? '');
    }
    // A last, valid message: once it is applied, every message before it has been handled.
    await ns.publishAsync('eu868/gateway/e43819fffe000009/state/conn', JSON.stringify({ state: 'ONLINE' }));
    await until('the sentinel', () =>
      headend.state.gatewaySnapshot().some((g) => g.gatewayId.endsWith('00-09')),
    );
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);

    const request = readRequest(ADDRESS, DI.DATE);
    const pending = headend.exchange(METER, request);
    const down = await until('a downlink after the garbage', () => ns.downlinks.shift());
    const reply = normalReply(decodeFrame(downlinkBytes(down.body)), Uint8Array.of(0x01, 0x22, 0x11, 0x26));
    await ns.publishAsync(
      upTopic(DEV_EUI),
      uplinkEvent(DEV_EUI, next(DEV_EUI), encodeFrame(reply), ['e43819fffe000001']),
    );
    const result = await pending;
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true, transport: 'lorawan' });
  }, 60_000);
});

describe('head-end on the embedded broker (aedes), as npm start runs it', () => {
  it('serves gateways and a meter through its own broker', async () => {
    const app = await createTestApp(headendTestConfig({ mqttUrl: undefined, mqttPort: 0 }), {
      headend: true,
    });
    try {
      const h = headendOf(app);
      await app.database.db.insert(gateways).values({ gatewayId: GW1, stationId: '0001' });
      await insertMeters(app, [{ meterId: METER, communicationWay: 1, devEui: DEV_EUI }]);
      await h.refreshMeters();
      expect(h.mqttUrl).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
      const client = await networkServer(h.mqttUrl);
      await client.publishAsync(
        'eu868/gateway/e43819fffe000001/state/conn',
        JSON.stringify({ state: 'ONLINE' }),
        { qos: 1 },
      );
      await report(client, DEV_EUI, ADDRESS, ['e43819fffe000001']);
      await until('meter heard', () => h.linkState(METER).online);
      const request = readRequest(ADDRESS, DI.REMAINING_MONEY);
      const pending = h.exchange(METER, request);
      const down = await until('a downlink', () => client.downlinks.shift());
      const reply = normalReply(decodeFrame(downlinkBytes(down.body)), bcdEncode(5_000, 4));
      await client.publishAsync(
        upTopic(DEV_EUI),
        uplinkEvent(DEV_EUI, next(DEV_EUI), encodeFrame(reply), ['e43819fffe000001']),
      );
      expect(await pending).toMatchObject({ ok: true });
      await h.flush();
      const [gw] = await app.database.db.select().from(gateways).where(eq(gateways.gatewayId, GW1));
      expect(gw?.status).toBe(true);
      await client.endAsync();
    } finally {
      await app.close();
    }
  });
});
