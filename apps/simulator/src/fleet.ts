import { type Clock, systemClock } from './clock.js';
import { type EventSink, FleetCore, type SimGateway, type SimMeter, toDashedEui } from './core.js';
import { type Fault, FaultError, GATEWAY_FAULT_KINDS, parseFault } from './faults.js';
import { DtuRole } from './gprs/dtu.js';
import { ChirpstackRole } from './lorawan/chirpstack.js';
import type { MeterModel } from './meter/meter.js';
import { type FleetSpec, parseFleetSpec } from './spec.js';

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
  /** Dials that did not connect (head-end down or refusing), since start. */
  gprsDialFailures: number;
  requests: number;
  replies: number;
  uplinks: number;
  downlinks: number;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const port = options.tcp?.port;
  if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65_535)) {
    throw new RangeError(`tcp.port must be 1–65535, not ${port}`);
  }
  const clock = options.clock ?? systemClock;
  // Validated here too: an in-process caller gets the same clear error as the CLI.
  const core = new FleetCore(parseFleetSpec(options.spec), clock, options.onEvent ?? (() => {}), {
    tzOffsetMinutes: options.tzOffsetMinutes ?? 0,
  });
  const lora = chirpstackRole(core, options);
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
  const fleet = new SimulatedFleet(core, lora, dtu, clock, options);
  core.log('fleet-started', {
    meters: core.meters.size,
    lorawanMeters: core.byDevEui.size,
    gprsMeters: gprsMeters.length,
    gateways: core.gateways.size,
    mqtt: Boolean(lora),
    tcp: options.tcp ? `${options.tcp.host}:${options.tcp.port}` : undefined,
  });
  return fleet;
}

function chirpstackRole(core: FleetCore, options: FleetOptions): ChirpstackRole | undefined {
  if (!options.mqttUrl || core.byDevEui.size + core.gateways.size === 0) return undefined;
  return new ChirpstackRole(core, {
    mqttUrl: options.mqttUrl,
    applicationId:
      options.applicationId ?? options.spec.applicationId ?? '00000000-0000-0000-0000-000000000001',
    region: options.region ?? options.spec.region ?? 'eu868',
    fPort: options.fPort ?? 2,
    statusIntervalMs: options.statusIntervalMs ?? 15 * 60_000,
    firstStatusWithinMs: options.firstStatusWithinMs ?? 30_000,
    downlinkDelayMs: options.downlinkDelayMs ?? 200,
  });
}

class SimulatedFleet implements Fleet {
  private readonly ticker: NodeJS.Timeout;
  private readonly summaryEveryMs: number;
  private nextSummary: number;

  constructor(
    private readonly core: FleetCore,
    private readonly lora: ChirpstackRole | undefined,
    private readonly dtu: DtuRole | undefined,
    private readonly clock: Clock,
    options: FleetOptions,
  ) {
    this.summaryEveryMs = options.summaryEveryMs ?? 60_000;
    this.nextSummary = Date.now() + this.summaryEveryMs;
    this.ticker = setInterval(() => this.tick(), options.tickMs ?? 1000);
    // First dials and early status uplinks without waiting a whole tick.
    setImmediate(() => this.tick());
  }

  /** The fleet's one timer: status uplinks, heartbeats, redials and the periodic summary. */
  private tick(): void {
    const now = Date.now();
    this.lora?.tick(now);
    this.dtu?.tick(now);
    if (this.summaryEveryMs > 0 && now >= this.nextSummary) {
      this.nextSummary = now + this.summaryEveryMs;
      this.core.log('summary', { ...this.stats() });
    }
  }

  stats(): FleetStats {
    const { core, lora, dtu } = this;
    return {
      meters: core.meters.size,
      gateways: core.gateways.size,
      gatewaysOnline: [...core.gateways.values()].filter((g) => g.online).length,
      gprsLinks: dtu?.links.length ?? 0,
      gprsLinksUp: dtu?.linksUp ?? 0,
      gprsDialFailures: dtu?.dialFailures ?? 0,
      requests: core.requests,
      replies: core.replies,
      uplinks: lora?.uplinks ?? 0,
      downlinks: lora?.downlinks ?? 0,
    };
  }

  meter(meterId: string): MeterView | undefined {
    const m = this.core.meters.get(meterId);
    return m ? this.view(m) : undefined;
  }

  private view(m: SimMeter): MeterView {
    const model = m.model;
    const now = this.clock.now();
    model.advance(now);
    const link = this.dtu?.link(m);
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
      clock: new Date(model.localMs(now)).toISOString().slice(0, 19),
      faults: [...m.faults],
      ...(link ? { linkUp: link.state === 'up' } : {}),
      ...(this.lora && m.spec.communicationWay === 1 ? { fCnt: this.lora.fCnt(m) } : {}),
    };
  }

  model(meterId: string): MeterModel | undefined {
    return this.core.meters.get(meterId)?.model;
  }

  meterIds(): string[] {
    return [...this.core.meters.keys()];
  }

  private gatewayOf(id: string): SimGateway | undefined {
    return this.core.gateways.get(toDashedEui(id));
  }

  gateway(gatewayId: string) {
    const g = this.gatewayOf(gatewayId);
    return g ? { gatewayId: g.gatewayId, online: g.online, faults: [...g.faults] } : undefined;
  }

  fault(target: string, input: Fault): void {
    const fault = parseFault(input);
    const meter = this.core.meters.get(target);
    const gateway = meter ? undefined : this.gatewayOf(target);
    if (gateway) {
      if (!GATEWAY_FAULT_KINDS.includes(fault.kind)) throw new FaultError(`${fault.kind} is a meter fault`);
      gateway.faults.push(fault);
      if (fault.kind === 'offline' && gateway.online) {
        gateway.online = false;
        this.lora?.publishGatewayState(gateway);
      }
      this.core.log('fault-set', { gatewayId: gateway.gatewayId, fault });
      return;
    }
    if (!meter) throw new FaultError(`no meter or gateway ${target} in this fleet`);
    if (fault.kind === 'offline')
      throw new FaultError('offline is a gateway fault; a meter goes quiet with silent');
    if (fault.kind === 'disconnect') {
      if (!this.dtu?.disconnect(meter, fault.downMs ?? 0)) throw new FaultError(`${target} has no GPRS link`);
    } else meter.faults.push(fault);
    if (fault.kind === 'relay-stuck') meter.model.relayStuck = true;
    this.core.log('fault-set', { meterId: meter.spec.meterId, fault });
  }

  clearFaults(target?: string): void {
    const { core } = this;
    const meters = target
      ? [core.meters.get(target)].filter((m) => m !== undefined)
      : [...core.meters.values()];
    const gateways = target
      ? [this.gatewayOf(target)].filter((g) => g !== undefined)
      : [...core.gateways.values()];
    for (const m of meters) {
      m.faults = [];
      m.model.relayStuck = false;
    }
    for (const g of gateways) {
      g.faults = [];
      if (!g.online) {
        g.online = true;
        this.lora?.publishGatewayState(g);
      }
    }
    core.log('faults-cleared', { target: target ?? 'all' });
  }

  async ready(): Promise<void> {
    await Promise.all([this.lora?.connected(), this.dtu?.allUp()]);
  }

  async stop(): Promise<void> {
    clearInterval(this.ticker);
    await Promise.all([this.lora?.stop(), this.dtu?.stop()]);
    this.core.log('fleet-stopped', { ...this.stats() });
  }
}
