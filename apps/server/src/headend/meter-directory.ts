import type { Db } from '../db/client.js';
import { directoryMeters } from './headend.repo.js';

export interface MeterEntry {
  meterId: string;
  /** The DL/T 645 address: the meter number left-padded with 0 to 12 digits; undefined if not numeric. */
  address?: string;
  /** LoRaWAN DevEUI, 16 lower-case hex. */
  devEui?: string;
  communicationWay: number;
}

/** DL/T 645 address of a meter number (STS meter 47100000003 → 047100000003). */
export function meterAddress(meterId: string): string | undefined {
  return /^\d{1,12}$/.test(meterId) ? meterId.padStart(12, '0') : undefined;
}

/**
 * Which meter an address, a DevEUI or an id names. Held in memory (the field looks meters up on every
 * frame); reloaded from the meters table when a lookup misses — at most every `reloadMs` — and
 * periodically, so meters created or edited since start are found.
 */
export class MeterDirectory {
  private byId = new Map<string, MeterEntry>();
  private byAddress = new Map<string, MeterEntry>();
  private byDevEui = new Map<string, MeterEntry>();
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly source: () => Promise<Omit<MeterEntry, 'address'>[]>,
    private readonly reloadMs = 5_000,
    private readonly maxAgeMs = 60_000,
  ) {}

  static fromDatabase(db: Db, reloadMs?: number): MeterDirectory {
    return new MeterDirectory(async () => {
      const rows = await directoryMeters(db);
      return rows.map((r) => ({ ...r, devEui: r.devEui ?? undefined }));
    }, reloadMs);
  }

  async byMeterId(meterId: string) {
    return this.byId.get(meterId) ?? (await this.reloadOnMiss(() => this.byId.get(meterId)));
  }
  async byMeterAddress(address: string) {
    return this.byAddress.get(address) ?? (await this.reloadOnMiss(() => this.byAddress.get(address)));
  }
  async byDeviceEui(devEui: string) {
    const key = devEui.toLowerCase();
    return this.byDevEui.get(key) ?? (await this.reloadOnMiss(() => this.byDevEui.get(key)));
  }
  /** Synchronous lookup for the hot path once loaded. */
  knownDevEui(devEui: string) {
    return this.byDevEui.get(devEui.toLowerCase());
  }

  async load(): Promise<void> {
    if (this.loading) return this.loading;
    this.loading = (async () => {
      try {
        const rows = await this.source();
        const byId = new Map<string, MeterEntry>();
        const byAddress = new Map<string, MeterEntry>();
        const byDevEui = new Map<string, MeterEntry>();
        for (const r of rows) {
          const entry: MeterEntry = {
            ...r,
            address: meterAddress(r.meterId),
            devEui: r.devEui?.toLowerCase(),
          };
          byId.set(entry.meterId, entry);
          if (entry.address) byAddress.set(entry.address, entry);
          if (entry.devEui) byDevEui.set(entry.devEui, entry);
        }
        this.byId = byId;
        this.byAddress = byAddress;
        this.byDevEui = byDevEui;
        this.loadedAt = Date.now();
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  private async reloadOnMiss<T>(lookup: () => T | undefined): Promise<T | undefined> {
    const age = Date.now() - this.loadedAt;
    if (age < this.reloadMs && this.loadedAt > 0) return undefined;
    await this.load().catch(() => undefined);
    return lookup();
  }

  /** Reload when the copy is older than maxAgeMs (called by the head-end's housekeeping timer). */
  async refreshIfStale(): Promise<void> {
    if (Date.now() - this.loadedAt >= this.maxAgeMs) await this.load();
  }
}
