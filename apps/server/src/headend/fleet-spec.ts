import { createHash } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FleetSpec } from '@prepay/contracts';
import type { Deps } from '../deps.js';
import { keyStoreOf } from '../modules/keystore/index.js';
import { fleetGateways, fleetMeters } from './headend.repo.js';
import { meterAddress } from './meter-directory.js';

/** Used when CHIRPSTACK_APPLICATION_ID is unset: the simulated network server's one application. */
export const SIMULATED_APPLICATION_ID = '5e1f0c3a-7b2d-4e59-9c1a-2f6d8e0b4a71';

const hashOf = (s: string) => createHash('sha256').update(s).digest();

/**
 * 1–2 gateways of the meter's station (any gateway when its station has none), chosen from a hash of
 * the meter id: the same meters sit behind the same gateways at every start.
 */
function servingGateways(meterId: string, candidates: string[]): string[] {
  if (candidates.length === 0) return [];
  const h = hashOf(meterId);
  const first = (h.readUInt32BE(0) % candidates.length) as number;
  const chosen = [candidates[first] ?? ''];
  if (candidates.length > 1 && (h[4] ?? 0) % 2 === 0)
    chosen.push(candidates[(first + 1) % candidates.length] ?? '');
  return chosen;
}

/** Every meter with a decoder key and a DL/T 645 address, as the simulator needs it. */
export async function exportFleetSpec(deps: Deps): Promise<FleetSpec> {
  const { db } = deps.database;
  const gatewayRows = await fleetGateways(db);
  const byStation = new Map<string, string[]>();
  for (const g of gatewayRows)
    byStation.set(g.stationId, [...(byStation.get(g.stationId) ?? []), g.gatewayId]);
  const all = gatewayRows.map((g) => g.gatewayId);
  const meterRows = await fleetMeters(db);
  const keys = new Map((await (await keyStoreOf(deps)).allDecoderKeys()).map((k) => [k.meterId, k]));
  const out: FleetSpec['meters'] = [];
  for (const m of meterRows) {
    const key = keys.get(m.meterId);
    const address = meterAddress(m.meterId);
    const lorawan = m.communicationWay === 1;
    if (!key || !address || (lorawan && !m.devEui) || (!lorawan && m.communicationWay !== 0)) continue;
    const station = byStation.get(m.stationId) ?? [];
    out.push({
      meterId: m.meterId,
      address,
      type: m.type,
      communicationWay: m.communicationWay,
      ...(lorawan
        ? {
            devEui: m.devEui ?? undefined,
            gatewayIds: servingGateways(m.meterId, station.length ? station : all),
          }
        : {}),
      sts: {
        decoderKey: key.decoderKey,
        ea: key.ea,
        sgc: key.sgc,
        krn: key.krn,
        ti: Number(key.ti),
        kt: key.kt,
        ken: key.ken,
        baseYear: key.baseYear,
      },
      // An opening credit of 50–250 units, fixed per meter, so the demo relays start closed.
      balance: 500 + (hashOf(`balance:${m.meterId}`).readUInt16BE(0) % 2000),
    });
  }
  return {
    applicationId: deps.config.headend.chirpstackApplicationId ?? SIMULATED_APPLICATION_ID,
    region: 'eu868',
    gateways: gatewayRows,
    meters: out,
  };
}

/** Writes the spec (it holds decoder keys) readable by this user only. */
export async function writeFleetSpec(spec: FleetSpec, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'fleet.json');
  await writeFile(file, JSON.stringify(spec), { mode: 0o600 });
  await chmod(file, 0o600); // writeFile's mode applies only when it creates the file
  return file;
}
