import { bcdEncode, DI, decodeFrame, encodeFrame, normalReply, readRequest } from '@prepay/dlt645';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { HeadEndService } from '../src/headend/head-end.js';
import { APP_ID, downlinkBytes, until, uplinkEvent, upTopic } from './headend-fixture.js';
import { GATEWAY, shareGroupBed } from './headend-share-group.js';

const METERS = Array.from({ length: 8 }, (_, i) => ({
  meterId: `4710000010${i}`,
  address: `04710000010${i}`,
  devEui: `70b3d5e75e00010${i}`,
}));
const bed = shareGroupBed(METERS);
const fCnt = new Map<string, number>();
const next = (devEui: string) => {
  const n = (fCnt.get(devEui) ?? 0) + 1;
  fCnt.set(devEui, n);
  return n;
};

let pair: Promise<[HeadEndService, HeadEndService]> | undefined;
/** Two processes in the group, each hearing its share of the meters' status reports. */
function sharingPair(): Promise<[HeadEndService, HeadEndService]> {
  pair ??= (async () => {
    const [a, b] = [await bed.sharedHeadEnd(), await bed.sharedHeadEnd()];
    const heardBy = (h: HeadEndService) => METERS.some((m) => h.linkState(m.meterId).online);
    let i = 0;
    await until('both processes hearing their share', async () => {
      const m = METERS[i++ % METERS.length]!;
      await bed.report(m, next(m.devEui), 0);
      return heardBy(a) && heardBy(b);
    });
    return [a, b];
  })();
  return pair;
}

/**
 * Who asks for meter k: A, B, B, A… — never in step with the broker's round robin between the two
 * (A, B, A, B or B, A, B, A), so some answers always reach the process that did not ask, whichever the
 * broker serves first.
 */
const askerOf = <T>(k: number, a: T, b: T) => ([0, 3].includes(k % 4) ? a : b);

/** Counts what the processes pass each other on `topic` (what one heard for a request the other sent). */
async function relayCount(topic: string) {
  const relays = await mqtt.connectAsync(bed.broker.url, { reconnectPeriod: 0 });
  let relayed = 0;
  await relays.subscribeAsync(topic);
  relays.on('message', () => relayed++);
  return { count: () => relayed, end: () => relays.endAsync() };
}

/** What ChirpStack publishes when a downlink fails: a logged error, or an ack saying it was not acknowledged. */
function deliveryFailure(k: number, id: string): [string, string, RegExp] {
  if (k % 4 < 2) {
    const log = {
      level: 'ERROR',
      code: 'DOWNLINK_GATEWAY',
      description: 'busy',
      context: { queue_item_id: id },
    };
    return ['log', JSON.stringify(log), /DOWNLINK_GATEWAY/];
  }
  return ['ack', JSON.stringify({ queueItemId: id, acknowledged: false }), /not acknowledged/];
}

describe('LoRaWAN events shared by several head-end processes ($share on mosquitto)', () => {
  it('splits the uplinks between the processes; each answer reaches the process that asked', async () => {
    const [a, b] = await sharingPair();
    const relays = await relayCount('prepay/headend/replies/+');

    // A and B take turns asking; the network server answers each downlink with one uplink, which the
    // broker hands to A or to B whoever asked.
    for (const [k, m] of METERS.entries()) {
      const asking = askerOf(k, a, b);
      const request = readRequest(m.address, DI.REMAINING_ENERGY);
      const pending = asking.exchange(m.meterId, request);
      const down = await until('a downlink', () => bed.ns.downlinks.shift());
      const reply = normalReply(decodeFrame(downlinkBytes(down.body)), bcdEncode(100 + k, 4));
      await bed.ns.publishAsync(
        upTopic(m.devEui),
        uplinkEvent(m.devEui, next(m.devEui), encodeFrame(reply), [GATEWAY]),
      );
      const result = await pending;
      expect(result.ok, `meter ${m.meterId}: ${result.ok ? '' : result.detail}`).toBe(true);
    }
    // Some answers reached the process that was not waiting for them, and it passed them on.
    expect(relays.count()).toBeGreaterThan(0);
    await relays.end();
  });

  it('fails a downlink the network server reports as failed at once, on whichever process sent it', async () => {
    const [a, b] = await sharingPair();
    bed.ns.downlinks.length = 0;
    const relays = await relayCount('prepay/headend/failures/+');
    for (const [k, m] of METERS.entries()) {
      const asking = askerOf(k, a, b);
      // Far longer than the network server takes to report: a failure heard by the other process and
      // not passed on would end this exchange as a timeout.
      const pending = asking.exchange(m.meterId, readRequest(m.address, DI.CURRENT_A), { timeoutMs: 10_000 });
      const down = await until('a downlink', () => bed.ns.downlinks.shift());
      const [event, body, detail] = deliveryFailure(k, String(down.body.id));
      await bed.ns.publishAsync(`application/${APP_ID}/device/${m.devEui}/event/${event}`, body);
      const result = await pending;
      expect(result, `meter ${m.meterId}`).toMatchObject({ ok: false, failure: 'offline' });
      expect(!result.ok && result.detail).toMatch(detail);
    }
    // Some failures reached the process that had not sent the downlink, and it passed them on.
    expect(relays.count()).toBeGreaterThan(0);
    await relays.end();
  });

  it('takes a share group of one topic level (MQTT_SHARE_GROUP), none by default', () => {
    expect(loadConfig({}).headend.mqttShareGroup).toBeUndefined();
    expect(loadConfig({ MQTT_SHARE_GROUP: 'prepay-headend' }).headend.mqttShareGroup).toBe('prepay-headend');
    for (const bad of ['a/b', 'all+', '#'])
      expect(() => loadConfig({ MQTT_SHARE_GROUP: bad })).toThrow(/MQTT_SHARE_GROUP must be one topic level/);
  });
});
