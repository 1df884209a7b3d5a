import { randomUUID } from 'node:crypto';
import { DI, decodeFrame, encodeFrame, parseReply, readRequest } from '@prepay/dlt645';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Fleet, type FleetEvent, type FleetSpec, startFleet, syntheticFleet } from '../src/index.js';
import { must, type Received, recorder, startMosquitto, waitFor } from './helpers.js';

const APP = '0d9c1b4a-7c3e-4e39-9b43-2d5f8a1c0e11';
const GW1 = 'E4-38-19-FF-FE-00-00-01';
const GW2 = 'E4-38-19-FF-FE-00-00-02';
const base = syntheticFleet({ count: 2, transport: 'lorawan', seed: 3 });
/** Meter A is heard by both gateways, meter B only by gateway 2. */
const spec: FleetSpec = {
  applicationId: APP,
  region: 'eu868',
  gateways: [{ gatewayId: GW1 }, { gatewayId: GW2 }],
  meters: [
    { ...must(base.meters[0]), gatewayIds: [GW1, GW2] },
    { ...must(base.meters[1]), gatewayIds: [GW2] },
  ],
};
const A = must(spec.meters[0]);
const B = must(spec.meters[1]);
const EUI_A = must(A.devEui);
const EUI_B = must(B.devEui);

let broker: { url: string; stop(): Promise<void> };
let fleet: Fleet;
let events: FleetEvent[];
let head: { client: MqttClient; messages: Received[] };

beforeAll(async () => {
  broker = await startMosquitto();
});
afterAll(async () => {
  await broker.stop();
});

beforeEach(async () => {
  events = [];
  head = await recorder(broker.url, ['application/+/device/+/event/+', '+/gateway/+/state/conn']);
  fleet = await startFleet({
    spec,
    mqttUrl: broker.url,
    tickMs: 20,
    downlinkDelayMs: 20,
    firstStatusWithinMs: 300,
    statusIntervalMs: 3_600_000,
    onEvent: (e) => events.push(e),
  });
  await fleet.ready();
});

afterEach(async () => {
  await fleet.stop();
  await head.client.endAsync();
});

const eventsOf = (devEui: string, kind: string) =>
  head.messages.filter((m) => m.topic === `application/${APP}/device/${devEui}/event/${kind}`);

function downlink(devEui: string, frame: Uint8Array): string {
  const id = randomUUID();
  head.client.publish(
    `application/${APP}/device/${devEui}/command/down`,
    JSON.stringify({ id, devEui, confirmed: false, fPort: 2, data: Buffer.from(frame).toString('base64') }),
  );
  return id;
}

describe('ChirpStack v4 role on a real broker (mosquitto)', () => {
  it('publishes every gateway ONLINE, retained, so a late subscriber sees them', async () => {
    const late = await recorder(broker.url, ['+/gateway/+/state/conn']);
    try {
      const states = await waitFor('both retained states', () =>
        late.messages.length >= 2 ? late.messages : undefined,
      );
      expect(states.map((m) => m.topic).sort()).toEqual([
        'eu868/gateway/e43819fffe000001/state/conn',
        'eu868/gateway/e43819fffe000002/state/conn',
      ]);
      expect(states.every((m) => m.retain && m.body.state === 'ONLINE')).toBe(true);
      expect(states[0]?.body.gatewayId).toMatch(/^e43819fffe00000[12]$/);
    } finally {
      await late.client.endAsync();
    }
  });

  it('answers a downlink with a txack and then the reply as an uplink with rxInfo', async () => {
    const request = readRequest(A.address, DI.REMAINING_ENERGY);
    const id = downlink(EUI_A, encodeFrame(request, { preamble: 4 }));
    const [txack] = await waitFor('the txack', () =>
      eventsOf(EUI_A, 'txack').length ? eventsOf(EUI_A, 'txack') : undefined,
    );
    expect(txack?.body).toMatchObject({
      queueItemId: id,
      fCntDown: 1,
      deviceInfo: { applicationId: APP, devEui: A.devEui },
    });
    const up = await waitFor('the reply uplink', () =>
      eventsOf(EUI_A, 'up').find((m) => parseReplyOf(request, m)?.ok),
    );
    expect(up.body).toMatchObject({ fPort: 2, deviceInfo: { devEui: A.devEui, deviceName: A.meterId } });
    const gateways = (up.body.rxInfo as { gatewayId: string }[]).map((r) => r.gatewayId).sort();
    expect(gateways).toEqual(['e43819fffe000001', 'e43819fffe000002']);
    // The txack came first.
    expect(head.messages.indexOf(must(txack))).toBeLessThan(head.messages.indexOf(up));
  });

  it('sends a status uplink from every meter soon after start, frame counters counting up', async () => {
    for (const m of [A, B]) {
      const up = await waitFor(`a status uplink from ${m.meterId}`, () => eventsOf(must(m.devEui), 'up')[0]);
      expect(decodeFrame(Buffer.from(String(up.body.data), 'base64'))).toMatchObject({
        address: m.address,
        control: 0x91,
      });
      expect(up.body.fCnt).toBe(1);
    }
  });

  it('gateway offline: state OFFLINE, rxInfo without it, and a downlink nobody can carry fails with a log event', async () => {
    fleet.fault(GW2, { kind: 'offline' });
    await waitFor('the OFFLINE state', () =>
      head.messages.find(
        (m) =>
          !m.retain && m.topic === 'eu868/gateway/e43819fffe000002/state/conn' && m.body.state === 'OFFLINE',
      ),
    );
    expect(fleet.gateway('e43819fffe000002')).toMatchObject({ online: false });

    const id = downlink(EUI_B, encodeFrame(readRequest(B.address, DI.TIME)));
    const log = await waitFor('the log event', () => eventsOf(EUI_B, 'log')[0]);
    expect(log.body).toMatchObject({
      level: 'ERROR',
      code: 'DOWNLINK_GATEWAY',
      context: { queue_item_id: id },
    });
    expect(events.some((e) => e.event === 'downlink-failed' && e.meterId === B.meterId)).toBe(true);

    // Meter A is still reached, through gateway 1 only.
    const request = readRequest(A.address, DI.DATE);
    downlink(EUI_A, encodeFrame(request));
    const up = await waitFor('A reply via gateway 1', () =>
      eventsOf(EUI_A, 'up').find((m) => parseReplyOf(request, m)?.ok),
    );
    expect((up.body.rxInfo as { gatewayId: string }[]).map((r) => r.gatewayId)).toEqual(['e43819fffe000001']);

    // B never answered the failed downlink: once the gateway is back, its next reply is the only one.
    fleet.clearFaults(GW2);
    const again = readRequest(B.address, DI.TIME);
    downlink(EUI_B, encodeFrame(again));
    await waitFor('B reply', () => eventsOf(EUI_B, 'up').find((m) => parseReplyOf(again, m)?.ok));
    expect(eventsOf(EUI_B, 'txack')).toHaveLength(1);
    expect(eventsOf(EUI_B, 'up').filter((m) => parseReplyOf(again, m))).toHaveLength(1);
  });
});

describe('bad input on the broker', () => {
  it('logs malformed downlinks and unknown devices, and keeps answering', async () => {
    const topic = `application/${APP}/device/${EUI_A}/command/down`;
    for (const junk of ['null', '[]', 'not json', '{"id":"x","data":5}', '{"id":"y","data":"AAAA"}']) {
      head.client.publish(topic, junk);
    }
    head.client.publish(`application/${APP}/device/0102030405060708/command/down`, '{"data":""}');
    await waitFor(
      'the bad-downlink events',
      () => events.filter((e) => e.event === 'bad-downlink').length >= 5,
    );
    expect(events.some((e) => e.event === 'unknown-device' && e.devEui === '0102030405060708')).toBe(true);
    const request = readRequest(A.address, DI.TIME);
    downlink(EUI_A, encodeFrame(request));
    await waitFor('a reply after the junk', () =>
      eventsOf(EUI_A, 'up').find((m) => parseReplyOf(request, m)?.ok),
    );
  });
});

describe('faults and confirmed downlinks over LoRaWAN', () => {
  it('acks a confirmed downlink, and a fault on the gateway applies to every reply it carries', async () => {
    fleet.fault(GW1, { kind: 'deny', errorWord: 0x04 });
    const request = readRequest(A.address, DI.TIME);
    const id = randomUUID();
    head.client.publish(
      `application/${APP}/device/${A.devEui}/command/down`,
      JSON.stringify({
        id,
        devEui: A.devEui,
        confirmed: true,
        fPort: 2,
        data: Buffer.from(encodeFrame(request)).toString('base64'),
      }),
    );
    const ack = await waitFor('the ack', () => eventsOf(EUI_A, 'ack')[0]);
    expect(ack.body).toMatchObject({ queueItemId: id, acknowledged: true });
    const up = await waitFor('the denied reply', () =>
      eventsOf(EUI_A, 'up').find(
        (m) => decodeFrame(Buffer.from(String(m.body.data), 'base64')).control === 0xd1,
      ),
    );
    expect(parseReply(request, decodeFrame(Buffer.from(String(up.body.data), 'base64')))).toMatchObject({
      ok: false,
      errorWord: 0x04,
    });
  });
});

function parseReplyOf(request: ReturnType<typeof readRequest>, m: Received) {
  try {
    const frame = decodeFrame(Buffer.from(String(m.body.data), 'base64'));
    return frame.control === 0x91 && frame.data.length >= 4 ? parseReply(request, frame) : undefined;
  } catch {
    return undefined;
  }
}
