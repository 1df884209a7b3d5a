import { type Clock, systemClock } from './clock.js';
import { type EventSink, FleetCore, type SimGateway, type SimMeter, toDashedEui } from './core.js';
import { type Fault, FaultError, parseFault } from './faults.js';
import { DtuRole } from './gprs/dtu.js';
import { ChirpstackRole } from './lorawan/chirpstack.js';
import type { MeterModel } from './meter/meter.js';
import type { FleetSpec } from './spec.js';

/**
 * startFleet: the whole simulated field in-process — the LoRaWAN meters behind a ChirpStack role on
 * the broker, the GPRS meters dialling the head-end — driven by one ticker.
 */

export interface FleetOptions {
  spec: FleetSpec;
  /** Broker for the LoRaWAN meters; without it they stay off the air. */
  mqttUrl?: string;
  /** Head-end's DTU port for the GPRS meters; without it they do not dial. */
  tcp?: { host: string; port: number };
  clock?: Clock;
  /** The fleet's one timer (status uplinks, heartbeats, redials). Default 1000 ms. */
  tickMs?: number;
  onEvent?: EventSink;
  applicationId?: string;
  region?: string;
  fPort?: number;
  statusIntervalMs?: number;
  firstStatusWithinMs?: number;
  downlinkDelayMs?: number;
  heartbeatSeconds?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  maxConnecting?: number;
  tzOffsetMinutes?: number;
  /** A summary event (links up, requests answered) this often; 0 = never. Default 60 s. */
  summaryEveryMs?: number;
}

export interface MeterView {
  meterId: string;
  address: string;
  type: number;
  communicationWay: number;
  devEui: string;
  balanceTenths: number;
  relayOpen: boolean;
  relayCommandTrip: boolean;
  keepPower: boolean;
  /** Forward active total and tariffs 1–4, in 0.01 units. */
  energyHundredths: number;
  tariffsHundredths: number[];
  usedTids: number[];
  keyRevision: { krn: number; kt: number; ti: number; ken: number };
  purchaseCount: number;
  clock: string;
  faults: Fault[];
  linkUp?: boolean;
  fCnt?: number;
}

export interface Fleet {
  meter(meterId: string): MeterView | undefined;
  /** The live meter model (tests that need to reach inside). */
  model(meterId: string): MeterModel | undefined;
  meterIds(): string[];
  gateway(gatewayId: string): { gatewayId: string; online: boolean; faults: Fault[] } | undefined;
  /** Sets a fault on a meter (by id) or a gateway (by EUI, either form). */
  fault(target: string, fault: Fault): void;
  clearFaults(target?: string): void;
  stats(): FleetStats;
  /** Resolves when the broker connection is up and every GPRS link is registered. */
  ready(): Promise<void>;
  stop(): Promise<void>;
}

export interface FleetStats {
  meters: number;
  gateways: number;
  gatewaysOnline: number;
  gprsLinks: number;
  gprsLinksUp: number;
  requests: number;
  replies: number;
  uplinks: number;
  downlinks: number;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const clock = options.clock ?? systemClock;
  const sink = options.onEvent ?? (() => {});
  const core = new FleetCore(options.spec, clock, sink, { tzOffsetMinutes: options.tzOffsetMinutes ?? 0 });
  const lora =
    options.mqttUrl && core.byDevEui.size + core.gateways.size > 0
      ? new ChirpstackRole(core, {
          mqttUrl: options.mqttUrl,
          applicationId:
            options.applicationId ?? options.spec.applicationId ?? '00000000-0000-0000-0000-000000000001',
          region: options.region ?? options.spec.region ?? 'eu868',
          fPort: options.fPort ?? 2,
          statusIntervalMs: options.statusIntervalMs ?? 15 * 60_000,
          firstStatusWithinMs: options.firstStatusWithinMs ?? 30_000,
          downlinkDelayMs: options.downlinkDelayMs ?? 200,
        })
      : undefined;
  const gprsMeters = [...core.meters.values()].filter((m) => m.spec.communicationWay === 0);
  const dtu = options.tcp
    ? new DtuRole(
        core,
        {
          host: options.tcp.host,
          port: options.tcp.port,
          heartbeatMs: (options.heartbeatSeconds ?? 60) * 1000,
          backoffMs: options.backoffMs ?? 1000,
          maxBackoffMs: options.maxBackoffMs ?? 60_000,
          maxConnecting: options.maxConnecting ?? 256,
        },
        gprsMeters,
      )
    : undefined;
  await lora?.start();

  const stats = (): FleetStats => ({
    meters: core.meters.size,
    gateways: core.gateways.size,
    gatewaysOnline: [...core.gateways.values()].filter((g) => g.online).length,
    gprsLinks: dtu?.links.length ?? 0,
    gprsLinksUp: dtu?.linksUp ?? 0,
    requests: core.requests,
    replies: core.replies,
    uplinks: lora?.uplinks ?? 0,
    downlinks: lora?.downlinks ?? 0,
  });
  const summaryEveryMs = options.summaryEveryMs ?? 60_000;
  let nextSummary = Date.now() + summaryEveryMs;
  const tick = () => {
    const now = Date.now();
    lora?.tick(now);
    dtu?.tick(now);
    if (summaryEveryMs > 0 && now >= nextSummary) {
      nextSummary = now + summaryEveryMs;
      core.log('summary', { ...stats() });
    }
  };
  const ticker = setInterval(tick, options.tickMs ?? 1000);
  // First dials and early status uplinks without waiting a whole tick.
  setImmediate(tick);
  core.log('fleet-started', {
    meters: core.meters.size,
    lorawanMeters: core.byDevEui.size,
    gprsMeters: gprsMeters.length,
    gateways: core.gateways.size,
    mqtt: Boolean(lora),
    tcp: options.tcp ? `${options.tcp.host}:${options.tcp.port}` : undefined,
  });

  return buildFleet({ core, lora, dtu, stats, ticker, clock });
}

function buildFleet(parts: {
  core: FleetCore;
  lora: ChirpstackRole | undefined;
  dtu: DtuRole | undefined;
  stats: () => FleetStats;
  ticker: NodeJS.Timeout;
  clock: Clock;
}): Fleet {
  const { core, lora, dtu, stats, ticker, clock } = parts;
  const gatewayOf = (id: string): SimGateway | undefined => core.gateways.get(toDashedEui(id));
  const view = (m: SimMeter): MeterView => {
    const model = m.model;
    model.advance(clock.now());
    const link = dtu?.link(m);
    const key = model.security.key;
    return {
      meterId: m.spec.meterId,
      address: m.spec.address,
      type: m.spec.type,
      communicationWay: m.spec.communicationWay,
      devEui: m.devEui,
      balanceTenths: model.balanceTenths,
      relayOpen: model.relayOpen,
      relayCommandTrip: model.relayCommandTrip,
      keepPower: model.keepPower,
      energyHundredths: model.totalHundredths,
      tariffsHundredths: [...model.tariffs],
      usedTids: [...model.security.usedTids],
      keyRevision: { krn: key.krn, kt: key.kt, ti: key.ti, ken: key.ken },
      purchaseCount: model.purchaseCount,
      clock: new Date(model.localMs(clock.now())).toISOString().slice(0, 19),
      faults: [...m.faults],
      ...(link ? { linkUp: link.state === 'up' } : {}),
      ...(lora && m.spec.communicationWay === 1 ? { fCnt: lora.fCnt(m) } : {}),
    };
  };
  const applyFault = (target: string, input: Fault) => {
    const fault = parseFault(input);
    const meter = core.meters.get(target);
    const gateway = meter ? undefined : gatewayOf(target);
    if (!meter && !gateway) throw new FaultError(`no meter or gateway ${target} in this fleet`);
    if (gateway) {
      gateway.faults.push(fault);
      if (fault.kind === 'offline' && gateway.online) {
        gateway.online = false;
        lora?.publishGatewayState(gateway);
      }
      core.log('fault-set', { gatewayId: gateway.gatewayId, fault });
      return;
    }
    if (!meter) return;
    if (fault.kind === 'disconnect') dtu?.disconnect(meter, fault.downMs ?? 0);
    else meter.faults.push(fault);
    core.log('fault-set', { meterId: meter.spec.meterId, fault });
  };
  const clearFaults = (target?: string) => {
    const meters = target
      ? [core.meters.get(target)].filter((m) => m !== undefined)
      : [...core.meters.values()];
    const gateways = target
      ? [gatewayOf(target)].filter((g) => g !== undefined)
      : [...core.gateways.values()];
    for (const m of meters) m.faults = [];
    for (const g of gateways) {
      g.faults = [];
      if (!g.online) {
        g.online = true;
        lora?.publishGatewayState(g);
      }
    }
    core.log('faults-cleared', { target: target ?? 'all' });
  };
  return {
    meter: (id) => {
      const m = core.meters.get(id);
      return m ? view(m) : undefined;
    },
    model: (id) => core.meters.get(id)?.model,
    meterIds: () => [...core.meters.keys()],
    gateway: (id) => {
      const g = gatewayOf(id);
      return g ? { gatewayId: g.gatewayId, online: g.online, faults: [...g.faults] } : undefined;
    },
    fault: applyFault,
    clearFaults,
    stats,
    ready: async () => {
      await Promise.all([lora?.connected(), dtu?.allUp()]);
    },
    stop: async () => {
      clearInterval(ticker);
      await Promise.all([lora?.stop(), dtu?.stop()]);
      core.log('fleet-stopped', { ...stats() });
    },
  };
}
