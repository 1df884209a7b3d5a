import type { Frame } from '@prepay/dlt645';
import type { Clock } from './clock.js';
import { type Fault, planReply, type ReplyPlan } from './faults.js';
import { handleFrame } from './meter/handle.js';
import { MeterModel } from './meter/meter.js';
import type { FleetSpec, FleetSpecMeter } from './spec.js';

/**
 * What both transports share: the meters, the gateways, the faults set on them and the event log.
 * A transport hands a request frame to `answer` and sends what comes back.
 */

export interface FleetEvent {
  time: string;
  event: string;
  [field: string]: unknown;
}
export type EventSink = (e: FleetEvent) => void;

export interface SimMeter {
  spec: FleetSpecMeter;
  model: MeterModel;
  faults: Fault[];
  /** LoRaWAN: 16 lowercase hex. */
  devEui: string;
  /** Gateways that hear this meter, EUI-64 upper case with dashes. */
  gatewayIds: string[];
}

export interface SimGateway {
  /** "E4-38-19-FF-FE-00-00-01" */
  gatewayId: string;
  /** ChirpStack's form: "e43819fffe000001" */
  chirpId: string;
  online: boolean;
  faults: Fault[];
}

/** "E4-38-19-FF-FE-00-00-01" ↔ "e43819fffe000001" */
export const toChirpId = (eui: string) => eui.replace(/-/g, '').toLowerCase();
export const toDashedEui = (id: string) =>
  id
    .replace(/-/g, '')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1-');

export class FleetCore {
  readonly meters = new Map<string, SimMeter>();
  readonly byAddress = new Map<string, SimMeter>();
  readonly byDevEui = new Map<string, SimMeter>();
  readonly gateways = new Map<string, SimGateway>();
  requests = 0;
  replies = 0;

  constructor(
    spec: FleetSpec,
    readonly clock: Clock,
    private readonly sink: EventSink,
    options: { tzOffsetMinutes?: number } = {},
  ) {
    const now = clock.now();
    for (const g of spec.gateways) this.addGateway(g.gatewayId);
    for (const m of spec.meters) {
      const gatewayIds = (m.gatewayIds ?? []).map(toDashedEui);
      for (const g of gatewayIds) if (!this.gateways.has(g)) this.addGateway(g);
      const model = new MeterModel(
        {
          meterId: m.meterId,
          address: m.address,
          type: m.type,
          sts: m.sts,
          balanceTenths: m.balance ?? 0,
          ...(m.passwords
            ? { passwords: Object.fromEntries(Object.entries(m.passwords).map(([k, v]) => [Number(k), v])) }
            : {}),
          tzOffsetMinutes: options.tzOffsetMinutes ?? 0,
        },
        now,
      );
      // A meter exported without a devEui still gets a stable one: 0000 + its address.
      const devEui = (m.devEui ?? `0000${m.address}`).toLowerCase();
      const sim: SimMeter = { spec: m, model, faults: [], devEui, gatewayIds };
      this.meters.set(m.meterId, sim);
      this.byAddress.set(m.address, sim);
      if (m.communicationWay === 1) this.byDevEui.set(devEui, sim);
    }
  }

  private addGateway(id: string): void {
    const gatewayId = toDashedEui(id);
    this.gateways.set(gatewayId, { gatewayId, chirpId: toChirpId(gatewayId), online: true, faults: [] });
  }

  log(event: string, fields: Record<string, unknown> = {}): void {
    this.sink({ time: new Date().toISOString(), event, ...fields });
  }

  /**
   * The meter's reply to `request` as it leaves the meter, its faults (and those of the gateway that
   * carries it) applied; logs notable outcomes.
   */
  answer(meter: SimMeter, request: Frame, via?: SimGateway): ReplyPlan {
    this.requests++;
    const result = handleFrame(meter.model, request, this.clock.now());
    if (result.event) {
      const { kind, ...fields } = result.event;
      this.log(kind, { meterId: meter.spec.meterId, ...fields });
    }
    const faults = via && via.faults.length > 0 ? [...meter.faults, ...via.faults] : meter.faults;
    const plan = planReply(request, result.reply, faults);
    if (plan.frames.length > 0) this.replies++;
    return plan;
  }

  /** Gateways of this meter that are up now. */
  onlineGateways(meter: SimMeter): SimGateway[] {
    const out: SimGateway[] = [];
    for (const id of meter.gatewayIds) {
      const g = this.gateways.get(id);
      if (g?.online) out.push(g);
    }
    return out;
  }
}
