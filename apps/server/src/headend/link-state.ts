import type { MeterLinkState, Transport } from './types.js';

const BUCKET_MS = 60_000;
const BUCKETS = 60;

/** Attempted / answered counts in one-minute buckets over the last hour. */
class HourlyRate {
  private readonly attempted = new Array<number>(BUCKETS).fill(0);
  private readonly answered = new Array<number>(BUCKETS).fill(0);
  private readonly minuteOf = new Array<number>(BUCKETS).fill(-1);

  add(now: number, attempted: number, answered: number) {
    const minute = Math.floor(now / BUCKET_MS);
    const i = minute % BUCKETS;
    if (this.minuteOf[i] !== minute) {
      this.minuteOf[i] = minute;
      this.attempted[i] = 0;
      this.answered[i] = 0;
    }
    this.attempted[i] = (this.attempted[i] ?? 0) + attempted;
    this.answered[i] = (this.answered[i] ?? 0) + answered;
  }

  /** answered ÷ attempted over the last hour, in basis points (hundredths of a percent); 0 when idle. */
  basisPoints(now: number): number {
    const current = Math.floor(now / BUCKET_MS);
    let tried = 0;
    let ok = 0;
    for (let i = 0; i < BUCKETS; i++) {
      const m = this.minuteOf[i] ?? -1;
      if (m < 0 || current - m >= BUCKETS) continue;
      tried += this.attempted[i] ?? 0;
      ok += this.answered[i] ?? 0;
    }
    return tried === 0 ? 0 : Math.floor((Math.min(ok, tried) * 10_000) / tried);
  }
}

export interface GatewayState {
  gatewayId: string;
  online: boolean;
  lastSeen?: Date;
  rate: HourlyRate;
}

export interface MeterState extends MeterLinkState {
  meterId: string;
}

/**
 * Live link state: gateways (online, last seen, hourly success) and meters (online, transport, serving
 * gateway, last seen). The head-end changes it on every event; a writer copies the changed rows to the
 * database in batches (`takeDirty`).
 */
export class LinkState {
  private readonly gateways = new Map<string, GatewayState>();
  private readonly meters = new Map<string, MeterState>();
  private readonly dirtyGateways = new Set<string>();
  private readonly dirtyMeters = new Set<string>();
  /** Meters only heard again (lastSeen moved, nothing else). */
  private readonly touched = new Set<string>();

  constructor(private readonly now: () => number = Date.now) {}

  /** When the gateway was last heard, without creating an entry for one never heard. */
  lastSeenOf(gatewayId: string): Date | undefined {
    return this.gateways.get(gatewayId)?.lastSeen;
  }

  gateway(gatewayId: string): GatewayState {
    let g = this.gateways.get(gatewayId);
    if (!g) {
      g = { gatewayId, online: false, rate: new HourlyRate() };
      this.gateways.set(gatewayId, g);
    }
    return g;
  }

  gatewayConnection(gatewayId: string, online: boolean) {
    const g = this.gateway(gatewayId);
    g.online = online;
    if (online) g.lastSeen = new Date(this.now());
    this.dirtyGateways.add(gatewayId);
    if (!online) {
      // Meters heard only through this gateway are unreachable until another gateway hears them.
      for (const m of this.meters.values()) {
        if (m.transport === 'lorawan' && m.gatewayId === gatewayId && m.online) this.meterOffline(m.meterId);
      }
    }
  }

  /** A gateway relayed something: it is up, whatever its last conn-state message said. */
  gatewayHeard(gatewayId: string, attempted: number, answered: number) {
    const g = this.gateway(gatewayId);
    const t = this.now();
    g.online = true;
    g.lastSeen = new Date(t);
    g.rate.add(t, attempted, answered);
    this.dirtyGateways.add(gatewayId);
  }

  /** An exchange through a gateway that got no answer. */
  gatewayMissed(gatewayId: string) {
    this.gateway(gatewayId).rate.add(this.now(), 1, 0);
    this.dirtyGateways.add(gatewayId);
  }

  meterSeen(meterId: string, transport: Transport, gatewayId?: string) {
    const m = this.meters.get(meterId);
    const t = new Date(this.now());
    if (m?.online && m.transport === transport) {
      // Still online on the same transport: the new lastSeen, and a serving gateway that changed (two
      // gateways hearing a meter swap places with every uplink's RSSI), are persisted lazily (takeDirty).
      // The live state changes at once; only going online/offline or changing transport writes promptly.
      m.lastSeen = t;
      m.gatewayId = gatewayId;
      this.touched.add(meterId);
      return;
    }
    this.meters.set(meterId, { meterId, online: true, transport, gatewayId, lastSeen: t });
    this.dirtyMeters.add(meterId);
  }
  meterOffline(meterId: string, transport?: Transport) {
    const m = this.meters.get(meterId);
    if (!m?.online || (transport && m.transport !== transport)) return;
    m.online = false;
    this.dirtyMeters.add(meterId);
  }

  /**
   * What another head-end process heard (the share group splits a meter's uplinks): taken when it is
   * newer than what this process knows, and not written back. At the same time, offline wins: the
   * other process saw the silence or the gateway go down after the meter's last uplink.
   */
  meterHeardElsewhere(meterId: string, transport: Transport, heard: MeterLinkState & { lastSeen: Date }) {
    const m = this.meters.get(meterId);
    if (m?.online && m.transport !== transport) return;
    const known = m?.lastSeen?.getTime() ?? -1;
    if (m && known === heard.lastSeen.getTime()) {
      if (!heard.online) m.online = false;
      return;
    }
    if (known > heard.lastSeen.getTime()) return;
    this.meters.set(meterId, { ...heard, meterId, transport });
  }

  meter(meterId: string): MeterLinkState {
    const m = this.meters.get(meterId);
    if (!m) return { online: false };
    return { online: m.online, transport: m.transport, gatewayId: m.gatewayId, lastSeen: m.lastSeen };
  }

  /** LoRaWAN meters not heard for maxSilenceMs are offline (their periodic reports stopped). */
  expireSilentMeters(transport: Transport, maxSilenceMs: number) {
    const cutoff = this.now() - maxSilenceMs;
    for (const m of this.meters.values()) {
      if (m.online && m.transport === transport && (m.lastSeen?.getTime() ?? 0) < cutoff)
        this.meterOffline(m.meterId);
    }
  }

  gatewaySnapshot() {
    const t = this.now();
    return [...this.gateways.values()].map((g) => ({
      gatewayId: g.gatewayId,
      online: g.online,
      lastSeen: g.lastSeen,
      successRateBp: g.rate.basisPoints(t),
    }));
  }

  /**
   * Rows to write: every gateway (its rate slides with time, there are few), meters whose state changed,
   * and meters only heard again (lastSeen) once `includeTouched` — the writer does that less often.
   */
  takeDirty(includeTouched: boolean) {
    const meterIds = new Set(this.dirtyMeters);
    if (includeTouched) for (const id of this.touched) meterIds.add(id);
    this.dirtyMeters.clear();
    if (includeTouched) this.touched.clear();
    this.dirtyGateways.clear();
    const meters: MeterState[] = [];
    for (const id of meterIds) {
      const m = this.meters.get(id);
      if (m) meters.push({ ...m });
    }
    return { gateways: this.gatewaySnapshot(), meters };
  }
}
