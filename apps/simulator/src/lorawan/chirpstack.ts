import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { DI, decodeFrame, readRequest } from '@prepay/dlt645';
import mqtt, { type MqttClient } from 'mqtt';
import type { FleetCore, SimGateway, SimMeter } from '../core.js';
import { rng, seedOf } from '../meter/load-profile.js';
import { Timers } from '../timers.js';

/**
 * The simulator playing a ChirpStack v4 network server on an MQTT broker (JSON marshaler): gateway
 * connection states, Class C downlinks delivered to the meters with a txack (or a log event when no
 * gateway can reach the meter), the meters' replies as uplinks with rxInfo, and a periodic status
 * uplink from every meter so the head-end learns the whole network soon after start.
 */

export interface ChirpstackOptions {
  mqttUrl: string;
  applicationId: string;
  region: string;
  fPort: number;
  /** Mean time between a meter's own status uplinks. */
  statusIntervalMs: number;
  /** Every meter's first status uplink comes within this long after start. */
  firstStatusWithinMs: number;
  /** Class C: time from the downlink to its delivery at the meter. */
  downlinkDelayMs: number;
}

interface LoraState {
  fCnt: number;
  fCntDown: number;
  nextStatusAt: number;
}

export class ChirpstackRole {
  private client: MqttClient | undefined;
  private readonly state = new Map<SimMeter, LoraState>();
  private readonly timers = new Timers();
  private connectedOnce: Promise<void>;
  uplinks = 0;
  downlinks = 0;

  constructor(
    private readonly core: FleetCore,
    private readonly options: ChirpstackOptions,
  ) {
    const now = Date.now();
    for (const m of core.byDevEui.values()) {
      const first = Math.floor(
        rng(seedOf(m.devEui))() * Math.min(options.firstStatusWithinMs, options.statusIntervalMs),
      );
      this.state.set(m, { fCnt: 0, fCntDown: 0, nextStatusAt: now + first });
    }
    this.connectedOnce = Promise.resolve();
  }

  start(): Promise<void> {
    const client = mqtt.connect(this.options.mqttUrl, {
      clientId: `prepay-simulator-${randomUUID().slice(0, 8)}`,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    });
    this.client = client;
    let subscribed: () => void = () => {};
    // Ready once the downlink subscription is granted: a downlink published after that is delivered.
    this.connectedOnce = new Promise((resolve) => {
      subscribed = resolve;
    });
    client.on('connect', () => {
      // Small packets both ways: no Nagle delay (it would hold an uplink until the broker's delayed ACK).
      const stream: unknown = client.stream;
      if (stream instanceof net.Socket) stream.setNoDelay(true);
      this.core.log('mqtt-connected', { url: redact(this.options.mqttUrl) });
      for (const g of this.core.gateways.values()) this.publishGatewayState(g);
      client.subscribe('application/+/device/+/command/down', { qos: 0 }, () => {
        this.core.log('downlinks-subscribed');
        subscribed();
      });
    });
    client.on('error', (e) => this.core.log('mqtt-error', { error: e.message }));
    client.on('offline', () => !this.timers.stopped && this.core.log('mqtt-offline'));
    client.on('message', (topic, payload) => this.onDownlink(topic, payload));
    return Promise.resolve();
  }

  connected(): Promise<void> {
    return this.connectedOnce;
  }

  publishGatewayState(g: SimGateway): void {
    const topic = `${this.options.region}/gateway/${g.chirpId}/state/conn`;
    const body = JSON.stringify({ gatewayId: g.chirpId, state: g.online ? 'ONLINE' : 'OFFLINE' });
    this.client?.publish(topic, body, { qos: 1, retain: true });
  }

  private deviceInfo(m: SimMeter) {
    return {
      tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
      tenantName: 'Prepayment utility',
      applicationId: this.options.applicationId,
      applicationName: 'prepaid-meters',
      deviceProfileId: 'c3c4b2e4-5a8c-4f5e-9b56-1d1d2d3e4f50',
      deviceProfileName:
        m.spec.type === 0 ? 'DL/T 645 electricity meter (Class C)' : 'DL/T 645 flow meter (Class C)',
      deviceName: m.spec.meterId,
      devEui: m.devEui,
    };
  }

  private topic(m: SimMeter, event: string): string {
    return `application/${this.options.applicationId}/device/${m.devEui}/event/${event}`;
  }

  private onDownlink(topic: string, payload: Buffer): void {
    const devEui = topic.split('/')[3]?.toLowerCase() ?? '';
    const meter = this.core.byDevEui.get(devEui);
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(payload.toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new TypeError('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      this.core.log('bad-downlink', { devEui, reason: 'not a JSON object' });
      return;
    }
    if (!meter) {
      this.core.log('unknown-device', { devEui });
      return;
    }
    this.downlinks++;
    const id = typeof body.id === 'string' ? body.id : randomUUID();
    this.timers.later(this.options.downlinkDelayMs, () =>
      this.deliver(meter, id, body.data, body.confirmed === true),
    );
  }

  private deliver(meter: SimMeter, queueItemId: string, data: unknown, confirmed: boolean): void {
    const lora = this.state.get(meter);
    if (!lora) return;
    const gateways = this.core.onlineGateways(meter);
    const deviceInfo = this.deviceInfo(meter);
    const time = new Date().toISOString();
    const [gateway] = gateways;
    if (!gateway) {
      this.publish(this.topic(meter, 'log'), {
        time,
        deviceInfo,
        level: 'ERROR',
        code: 'DOWNLINK_GATEWAY',
        description: 'No gateway available to transmit the downlink',
        context: { queue_item_id: queueItemId },
      });
      this.core.log('downlink-failed', { meterId: meter.spec.meterId, reason: 'no gateway online' });
      return;
    }
    lora.fCntDown++;
    this.publish(this.topic(meter, 'txack'), {
      downlinkId: Math.floor(Math.random() * 2 ** 31),
      time,
      deviceInfo,
      queueItemId,
      fCntDown: lora.fCntDown,
      gatewayId: gateway.chirpId,
    });
    let request: ReturnType<typeof decodeFrame>;
    try {
      request = decodeFrame(Buffer.from(typeof data === 'string' ? data : '', 'base64'));
    } catch {
      this.core.log('bad-downlink', { meterId: meter.spec.meterId, reason: 'not a DL/T 645 frame' });
      return;
    }
    const plan = this.core.answer(meter, request, gateway);
    if (confirmed && plan.frames.length > 0) {
      this.publish(this.topic(meter, 'ack'), {
        deviceInfo,
        time,
        queueItemId,
        acknowledged: true,
        fCntDown: lora.fCntDown,
      });
    }
    const send = () => {
      for (const frame of plan.frames) this.uplink(meter, frame);
    };
    if (plan.delayMs > 0) this.timers.later(plan.delayMs, send);
    else send();
  }

  /** One uplink: the frame counter advances even when no gateway hears it (the head-end sees the gap). */
  uplink(meter: SimMeter, frame: Uint8Array): void {
    const lora = this.state.get(meter);
    if (!lora) return;
    lora.fCnt++;
    const gateways = this.core.onlineGateways(meter);
    if (gateways.length === 0) return;
    const time = new Date().toISOString();
    const radio = rng(seedOf(`${meter.devEui}/${lora.fCnt}`));
    this.uplinks++;
    this.publish(this.topic(meter, 'up'), {
      deduplicationId: randomUUID(),
      time,
      deviceInfo: this.deviceInfo(meter),
      devAddr: meter.devEui.slice(8),
      adr: true,
      dr: 5,
      fCnt: lora.fCnt,
      fPort: this.options.fPort,
      confirmed: false,
      data: Buffer.from(frame).toString('base64'),
      rxInfo: gateways.map((g) => ({
        gatewayId: g.chirpId,
        uplinkId: Math.floor(radio() * 65_536),
        time,
        rssi: -60 - Math.floor(radio() * 55),
        snr: Math.round((10 - radio() * 17) * 10) / 10,
        context: Buffer.from(g.chirpId).toString('base64').slice(0, 8),
      })),
      txInfo: {
        frequency: 868_100_000,
        modulation: { lora: { bandwidth: 125_000, spreadingFactor: 7, codeRate: 'CR_4_5' } },
      },
    });
  }

  /** Called by the fleet ticker: status uplinks that are due (run status word 3, as a read reply). */
  tick(now: number): void {
    if (!this.client?.connected) return;
    for (const [meter, lora] of this.state) {
      if (now < lora.nextStatusAt) continue;
      const jitter = 0.9 + Math.random() * 0.2;
      lora.nextStatusAt = now + Math.floor(this.options.statusIntervalMs * jitter);
      if (meter.faults.some((f) => f.kind === 'silent')) continue;
      const request = readRequest(meter.model.config.address, DI.RUN_STATUS_3);
      const plan = this.core.answer(meter, request);
      if (plan.frames[0]) this.uplink(meter, plan.frames[0]);
    }
  }

  private publish(topic: string, body: unknown): void {
    this.client?.publish(topic, JSON.stringify(body), { qos: 0 });
  }

  fCnt(meter: SimMeter): number {
    return this.state.get(meter)?.fCnt ?? 0;
  }

  async stop(): Promise<void> {
    this.timers.stop();
    const client = this.client;
    if (!client) return;
    if (client.connected) {
      // As a gateway bridge's last will would: every gateway goes OFFLINE when the network server leaves.
      await Promise.all(
        [...this.core.gateways.values()].map(
          (g) =>
            new Promise<void>((resolve) =>
              client.publish(
                `${this.options.region}/gateway/${g.chirpId}/state/conn`,
                JSON.stringify({ gatewayId: g.chirpId, state: 'OFFLINE' }),
                { qos: 1, retain: true },
                () => resolve(),
              ),
            ),
        ),
      );
    }
    await client.endAsync();
  }
}

/** The broker URL for logs, without a password. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
