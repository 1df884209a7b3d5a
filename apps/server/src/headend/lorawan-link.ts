import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { decodeFrame } from '@prepay/dlt645';
import mqtt, { type MqttClient } from 'mqtt';
import { nestsTooDeep } from '../lib/json-depth.js';
import {
  base64Bytes,
  downlinkTopic,
  fromChirpstackGatewayId,
  objectOf,
  parseTopic,
  readUplink,
  SUBSCRIPTIONS,
} from './chirpstack.js';
import type { ExchangeEngine, MeterTransport } from './exchange.js';
import type { LinkState } from './link-state.js';
import type { MeterDirectory, MeterEntry } from './meter-directory.js';
import type { NoisyInputLog } from './noisy-input.js';
import type { Log } from './types.js';

export interface LorawanOptions {
  url: string;
  username?: string;
  password?: string;
  fPort: number;
  /** Used until a device's own uplink names its application. */
  applicationId?: string;
  timeoutMs: number;
  /**
   * MQTT shared subscription group: the broker hands each event to one of the head-end processes in the
   * group (`$share/<group>/…`), so N processes split the fleet. Unset: this process hears every event.
   */
  shareGroup?: string;
  directory: MeterDirectory;
  state: LinkState;
  log: Log;
  noisy: NoisyInputLog;
}

const MAX_PAYLOAD = 64 * 1024;
/**
 * With a shared subscription a meter's answer reaches any process of the group, most often not the one
 * that sent the request and waits for it: that one relays the frame here, where every process listens
 * and the one waiting takes it.
 */
const RELAY_PREFIX = 'prepay/headend/replies/';
/**
 * The same for the network server's word that a downlink failed (not acknowledged, or logged as an
 * error): passed on under the downlink's id, so the process that sent it fails its exchange at once
 * instead of waiting out the timeout.
 */
const FAILURE_PREFIX = 'prepay/headend/failures/';
/** Our downlink ids (randomUUID): anything else is not ours and never becomes a topic level. */
const DOWNLINK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What this process subscribes to: every event, or its share of them plus the relayed answers. */
function subscriptionsFor(group: string | undefined): string[] {
  if (!group) return SUBSCRIPTIONS;
  return [...SUBSCRIPTIONS.map((t) => `$share/${group}/${t}`), `${RELAY_PREFIX}+`, `${FAILURE_PREFIX}+`];
}

/** Small request/reply packets: no Nagle delay on the broker connection (when it is a TCP socket). */
function noDelay(client: MqttClient) {
  const stream: unknown = client.stream;
  if (stream instanceof net.Socket) stream.setNoDelay(true);
}

/**
 * The head-end as an application of a LoRaWAN network server (ChirpStack v4 MQTT integration, JSON):
 * DL/T 645 frames go down as Class C downlinks and come back in uplinks; gateway conn-state messages and
 * every uplink's rxInfo keep the gateways' status, last seen and success rate.
 */
export class LorawanLink implements MeterTransport {
  readonly kind = 'lorawan' as const;
  readonly preamble = 0;
  readonly timeoutMs: number;
  private client: MqttClient | undefined;
  private engine: ExchangeEngine | undefined;
  private readonly applications = new Map<string, string>();
  private readonly lastFcnt = new Map<string, number>();
  /** Downlink id → meter, until its txack/ack/log or the exchange ends. */
  private readonly downlinks = new Map<string, string>();
  private subscribed!: Promise<void>;

  constructor(private readonly opts: LorawanOptions) {
    this.timeoutMs = opts.timeoutMs;
  }

  attach(engine: ExchangeEngine) {
    this.engine = engine;
  }

  /** Connects (and keeps reconnecting); `ready` resolves once the subscriptions are in place. */
  start(): Promise<void> {
    const client = mqtt.connect(this.opts.url, {
      username: this.opts.username,
      password: this.opts.password,
      clientId: `prepay-headend-${randomUUID().slice(0, 8)}`,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
    });
    this.client = client;
    this.subscribed = new Promise<void>((resolve) => {
      client.on('connect', () => {
        noDelay(client);
        client.subscribe(subscriptionsFor(this.opts.shareGroup), { qos: 0 }, (err) => {
          if (err) this.opts.log.error({ err: err.message }, 'head-end: MQTT subscribe failed');
          else resolve();
        });
      });
    });
    client.on('error', (err) => this.opts.noisy('MQTT client error', { err: err.message }));
    client.on('message', (topic, payload) => this.message(topic, payload));
    return this.subscribed;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  private applicationOf(meter: MeterEntry): string | undefined {
    return (meter.devEui && this.applications.get(meter.devEui)) || this.opts.applicationId;
  }

  /** Whether this process hears only its share of the events (and relays answers it is not waiting for). */
  get shared(): boolean {
    return Boolean(this.opts.shareGroup);
  }

  reachable(meter: MeterEntry): boolean {
    if (!meter.devEui || !this.connected || !this.applicationOf(meter)) return false;
    const live = this.opts.state.meter(meter.meterId);
    if (meter.communicationWay === 0 && live.transport !== 'lorawan') return false;
    // Known to be behind a gateway that reported OFFLINE and heard by no other since: unreachable.
    return live.online || !live.gatewayId;
  }

  send(meter: MeterEntry, bytes: Uint8Array) {
    const applicationId = this.applicationOf(meter);
    if (!this.client || !meter.devEui || !applicationId)
      return { ok: false as const, detail: 'no LoRaWAN route' };
    const id = randomUUID();
    this.downlinks.set(id, meter.meterId);
    const body = {
      id,
      devEui: meter.devEui,
      confirmed: false,
      fPort: this.opts.fPort,
      data: Buffer.from(bytes).toString('base64'),
    };
    this.client.publish(downlinkTopic(applicationId, meter.devEui), JSON.stringify(body), { qos: 0 });
    return { ok: true as const, ref: id, gatewayId: this.opts.state.meter(meter.meterId).gatewayId };
  }

  /** The exchange is over: its downlink's later events are only logged. */
  forget(ref: string) {
    this.downlinks.delete(ref);
  }

  private message(topic: string, payload: Buffer) {
    try {
      if (topic.startsWith(RELAY_PREFIX)) return this.relayed(topic.slice(RELAY_PREFIX.length), payload);
      if (topic.startsWith(FAILURE_PREFIX))
        return this.failureRelayed(topic.slice(FAILURE_PREFIX.length), payload);
      const t = parseTopic(topic);
      if (t.kind === 'other') return;
      if (payload.length === 0) return; // a cleared retained message
      if (payload.length > MAX_PAYLOAD)
        return this.opts.noisy('oversized MQTT message', { topic, bytes: payload.length });
      let body: Record<string, unknown> | undefined;
      try {
        const text = payload.toString('utf8');
        // ChirpStack's events nest a few levels; anything deeper is not one of them, and reading its
        // members (String() of a deep array) would overflow the stack.
        body = nestsTooDeep(text) ? undefined : objectOf(JSON.parse(text));
      } catch {
        body = undefined;
      }
      if (!body) return this.opts.noisy('malformed MQTT message', { topic });
      if (t.kind === 'gateway-conn') return this.gatewayConn(t.gatewayId, body);
      switch (t.event) {
        case 'up':
          return this.uplink(t.applicationId, t.devEui, body);
        case 'txack':
          return this.txack(body);
        case 'ack':
          return this.ack(body);
        case 'log':
          return this.logEvent(body);
        default:
          return;
      }
    } catch (err) {
      // Nothing from the broker may take the head-end down.
      this.opts.noisy('MQTT message handling failed', { topic, err: (err as Error).message });
    }
  }

  private gatewayConn(rawId: string, body: Record<string, unknown>) {
    const gatewayId = fromChirpstackGatewayId(rawId);
    const state = body.state;
    if (!gatewayId || (state !== 'ONLINE' && state !== 'OFFLINE')) {
      return this.opts.noisy('malformed gateway state', { gatewayId: rawId });
    }
    this.opts.state.gatewayConnection(gatewayId, state === 'ONLINE');
  }

  private uplink(applicationId: string, devEui: string, body: Record<string, unknown>) {
    const meter = this.opts.directory.knownDevEui(devEui);
    if (!meter) {
      // Not in our directory yet (created since the last load): look it up and count it next time.
      void this.opts.directory.byDeviceEui(devEui);
      return this.opts.noisy('uplink from an unknown device', { devEui }, 'debug');
    }
    this.applications.set(devEui, applicationId);
    const up = readUplink(body);
    const lost = this.countGap(devEui, up.fCnt);
    if (lost < 0) return this.opts.noisy('duplicate uplink', { devEui, fCnt: up.fCnt }, 'debug');
    const gateways =
      up.rxInfo?.flatMap((r) => {
        const id = r.gatewayId && fromChirpstackGatewayId(r.gatewayId);
        return id ? [{ id, rssi: r.rssi ?? -200 }] : [];
      }) ?? [];
    gateways.sort((a, b) => b.rssi - a.rssi);
    gateways.forEach((g, i) => {
      this.opts.state.gatewayHeard(g.id, 1 + (i === 0 ? lost : 0), 1);
    });
    this.opts.state.meterSeen(meter.meterId, 'lorawan', gateways[0]?.id);
    if (up.fPort !== this.opts.fPort) return;
    const bytes = up.data === undefined ? undefined : base64Bytes(up.data);
    if (!bytes) {
      this.opts.noisy('uplink without a readable payload', { devEui });
      return this.engine?.onBadFrame(meter.meterId, new Uint8Array(0), 'uplink payload is not base64');
    }
    let frame: ReturnType<typeof decodeFrame>;
    try {
      frame = decodeFrame(bytes);
    } catch (err) {
      this.opts.noisy('uplink is not a DL/T 645 frame', { devEui, err: (err as Error).message });
      return this.engine?.onBadFrame(
        meter.meterId,
        bytes,
        `reply is not a DL/T 645 frame: ${(err as Error).message}`,
      );
    }
    if (this.shared && !this.engine?.waiting(meter.meterId)) return this.relay(meter.meterId, bytes);
    this.engine?.onFrame(meter.meterId, frame, bytes, 'lorawan');
  }

  /** An answer this process is not waiting for goes to the process that is (whichever it is). */
  private relay(meterId: string, bytes: Uint8Array) {
    this.client?.publish(`${RELAY_PREFIX}${meterId}`, Buffer.from(bytes), { qos: 0 });
  }

  /** A frame another process of the group heard: taken only when this process waits for that meter. */
  private relayed(meterId: string, payload: Buffer) {
    if (!this.engine?.waiting(meterId)) return;
    let frame: ReturnType<typeof decodeFrame>;
    try {
      frame = decodeFrame(payload);
    } catch {
      return this.opts.noisy('relayed answer is not a DL/T 645 frame', { meterId }, 'debug');
    }
    this.engine.onFrame(meterId, frame, new Uint8Array(payload), 'lorawan');
  }

  /** Frames lost since the device's previous uplink (−1 for a repeat of it); a counter reset is no loss. */
  private countGap(devEui: string, fCnt: number | undefined): number {
    if (fCnt === undefined) return 0;
    const last = this.lastFcnt.get(devEui);
    if (last === fCnt) return -1;
    this.lastFcnt.set(devEui, fCnt);
    if (last === undefined || fCnt < last) return 0;
    return Math.min(fCnt - last - 1, 1_000);
  }

  private txack(body: Record<string, unknown>) {
    const id = String(body.queueItemId ?? body.downlinkId ?? '');
    const gatewayId =
      typeof body.gatewayId === 'string' ? fromChirpstackGatewayId(body.gatewayId) : undefined;
    if (gatewayId) this.opts.state.gatewayHeard(gatewayId, 0, 0);
    if (!this.downlinks.has(id)) this.opts.noisy('txack for an unknown downlink', { id }, 'debug');
  }

  private ack(body: Record<string, unknown>) {
    if (body.acknowledged !== false) return;
    this.deliveryFailed(String(body.queueItemId ?? ''), 'downlink not acknowledged by the device');
  }

  private logEvent(body: Record<string, unknown>) {
    if (body.level !== 'ERROR') return;
    const context = objectOf(body.context);
    this.deliveryFailed(
      String(context?.queue_item_id ?? ''),
      `network server: ${String(body.code ?? 'ERROR')} ${String(body.description ?? '')}`.trim(),
    );
  }

  /** A downlink failed: its exchange fails here, or on the process of the group that sent it. */
  private deliveryFailed(id: string, detail: string) {
    const meterId = this.downlinks.get(id);
    if (meterId) return this.engine?.onSendFailed(meterId, id, detail);
    if (this.shared && DOWNLINK_ID.test(id))
      this.client?.publish(`${FAILURE_PREFIX}${id}`, detail.slice(0, 500), { qos: 0 });
  }

  /** Another process heard that a downlink failed: taken only by the process that sent it. */
  private failureRelayed(id: string, payload: Buffer) {
    const meterId = this.downlinks.get(id);
    if (meterId) this.engine?.onSendFailed(meterId, id, payload.toString('utf8').slice(0, 500));
  }

  async close(): Promise<void> {
    const client = this.client;
    if (!client) return;
    await new Promise<void>((resolve) => client.end(true, {}, () => resolve()));
  }
}
