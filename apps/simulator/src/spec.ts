import type { FleetSpec, FleetSpecMeter } from '@prepay/contracts';
import { dkga02, luhnCheckDigit, meterPanFromIain } from '@prepay/sts';
import { rng } from './meter/load-profile.js';

/**
 * Reading the fleet spec (its shape is in @prepay/contracts: the server writes it, the simulator reads it),
 * and the synthetic fleets for benches (`--count N`).
 */

export type { FleetSpec, FleetSpecMeter };

export class FleetSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FleetSpecError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max: number) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

function checkMeter(m: unknown, i: number): FleetSpecMeter {
  const where = `meters[${i}]`;
  if (!isObject(m)) throw new FleetSpecError(`${where} must be an object`);
  const fail = (field: string, rule: string) => new FleetSpecError(`${where}.${field} ${rule}`);
  if (typeof m.meterId !== 'string' || !/^\d{1,13}$/.test(m.meterId))
    throw fail('meterId', 'must be 1–13 digits');
  const address = m.address ?? m.meterId.padStart(12, '0');
  if (typeof address !== 'string' || !/^\d{12}$/.test(address)) throw fail('address', 'must be 12 digits');
  if (!isInt(m.type, 0, 2)) throw fail('type', 'must be 0 (electricity), 1 (water) or 2 (gas)');
  if (!isInt(m.communicationWay, 0, 1)) throw fail('communicationWay', 'must be 0 (GPRS) or 1 (LoRaWAN)');
  if (m.devEui !== undefined && (typeof m.devEui !== 'string' || !/^[0-9a-fA-F]{16}$/.test(m.devEui))) {
    throw fail('devEui', 'must be 16 hex digits');
  }
  if (
    m.gatewayIds !== undefined &&
    !(Array.isArray(m.gatewayIds) && m.gatewayIds.every((g) => typeof g === 'string'))
  ) {
    throw fail('gatewayIds', 'must be an array of gateway ids');
  }
  const sts = m.sts;
  if (!isObject(sts)) throw fail('sts', 'must hold the meter key fields');
  if (typeof sts.decoderKey !== 'string' || !/^([0-9a-fA-F]{16}|[0-9a-fA-F]{32})$/.test(sts.decoderKey)) {
    throw fail('sts.decoderKey', 'must be 16 or 32 hex digits');
  }
  for (const [field, min, max] of [
    ['krn', 1, 15],
    ['ti', 0, 99],
    ['kt', 0, 3],
    ['ken', 0, 255],
  ] as const) {
    if (!isInt(sts[field], min, max)) throw fail(`sts.${field}`, `must be an integer ${min}–${max}`);
  }
  if (m.balance !== undefined && !(typeof m.balance === 'number' && m.balance >= 0 && m.balance < 1e10)) {
    throw fail('balance', 'must be a non-negative number of 0.1 units');
  }
  const passwords = isObject(m.passwords) ? m.passwords : undefined;
  if (
    passwords &&
    !Object.entries(passwords).every(([k, v]) => /^\d$/.test(k) && typeof v === 'string' && /^\d{6}$/.test(v))
  ) {
    throw fail('passwords', 'maps a level 0–9 to 6 digits');
  }
  return {
    meterId: m.meterId,
    address,
    type: Number(m.type),
    communicationWay: Number(m.communicationWay),
    ...(typeof m.devEui === 'string' ? { devEui: m.devEui.toLowerCase() } : {}),
    ...(Array.isArray(m.gatewayIds) ? { gatewayIds: m.gatewayIds.map(String) } : {}),
    sts: {
      decoderKey: sts.decoderKey,
      krn: Number(sts.krn),
      ti: Number(sts.ti),
      kt: Number(sts.kt),
      ken: Number(sts.ken),
      ...(typeof sts.ea === 'string' ? { ea: sts.ea } : {}),
      ...(sts.sgc !== undefined ? { sgc: String(sts.sgc) } : {}),
      ...(typeof sts.baseYear === 'number' ? { baseYear: sts.baseYear } : {}),
    },
    ...(typeof m.balance === 'number' ? { balance: Math.floor(m.balance) } : {}),
    ...(passwords
      ? { passwords: Object.fromEntries(Object.entries(passwords).map(([k, v]) => [k, String(v)])) }
      : {}),
  };
}

/** Validates a parsed fleet spec; throws FleetSpecError naming the first bad field. */
export function parseFleetSpec(json: unknown): FleetSpec {
  if (!isObject(json)) throw new FleetSpecError('a fleet spec is a JSON object with gateways and meters');
  const gateways = json.gateways ?? [];
  if (!Array.isArray(gateways)) throw new FleetSpecError('gateways must be an array');
  gateways.forEach((g, i) => {
    if (
      !isObject(g) ||
      typeof g.gatewayId !== 'string' ||
      !/^([0-9A-Fa-f]{2}-?){7}[0-9A-Fa-f]{2}$/.test(g.gatewayId)
    ) {
      throw new FleetSpecError(`gateways[${i}].gatewayId must be an EUI-64 (E4-38-19-FF-FE-00-00-01)`);
    }
  });
  if (!Array.isArray(json.meters)) throw new FleetSpecError('meters must be an array');
  const meters = json.meters.map(checkMeter);
  const seen = new Set<string>();
  for (const m of meters) {
    if (seen.has(m.address)) throw new FleetSpecError(`meter address ${m.address} appears twice`);
    seen.add(m.address);
  }
  return {
    ...(typeof json.applicationId === 'string' ? { applicationId: json.applicationId } : {}),
    ...(typeof json.region === 'string' ? { region: json.region } : {}),
    gateways: gateways as FleetSpec['gateways'],
    meters,
  };
}

/** The demo vending key of the server's seed (NOT an STS key; simulation only). */
export const DEMO_VENDING_KEY = {
  key: 'ABABABABABABABAB',
  sgc: '123456',
  krn: 1,
  kt: 2,
  ti: 1,
  baseYear: 2014,
};

export interface SyntheticOptions {
  count: number;
  /** 'gprs' (the default: benches of many TCP links), 'lorawan' or 'mixed' (1 in 8 GPRS, as the demo). */
  transport?: 'gprs' | 'lorawan' | 'mixed';
  gateways?: number;
  seed?: number;
  /** Opening credit in 0.1 units. */
  balance?: number;
}

/** `count` meters with random (seeded) numbers and devEuis, keys derived with DKGA02 from the demo vending key. */
export function syntheticFleet(options: SyntheticOptions): FleetSpec {
  const random = rng(options.seed ?? 9);
  const gatewayCount = Math.max(1, options.gateways ?? Math.ceil(options.count / 500));
  const gateways = Array.from({ length: gatewayCount }, (_, i) => ({
    gatewayId: `E4-38-19-FF-FE-${hexByte(0x10 + (i >> 16))}-${hexByte(i >> 8)}-${hexByte(i)}`,
  }));
  const used = new Set<string>();
  const meters: FleetSpecMeter[] = [];
  while (meters.length < options.count) {
    const body = `48${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
    const meterId = body + luhnCheckDigit(body);
    if (used.has(meterId)) continue;
    used.add(meterId);
    const n = meters.length;
    const way =
      options.transport === 'lorawan' ? 1 : options.transport === 'mixed' ? (n % 8 === 0 ? 0 : 1) : 0;
    const k = DEMO_VENDING_KEY;
    const decoderKey = dkga02({
      meterPAN: meterPanFromIain(meterId),
      sgc: k.sgc,
      krn: k.krn,
      kt: k.kt,
      ti: k.ti,
      vendingKey: k.key,
    });
    meters.push({
      meterId,
      address: meterId.padStart(12, '0'),
      type: 0,
      communicationWay: way,
      devEui: Array.from({ length: 8 }, () => hexByte(Math.floor(random() * 256)))
        .join('')
        .toLowerCase(),
      gatewayIds: [
        gateways[n % gatewayCount]?.gatewayId ?? '',
        gateways[(n + 1) % gatewayCount]?.gatewayId ?? '',
      ].filter((g, i, all) => g && all.indexOf(g) === i),
      sts: {
        decoderKey,
        ea: '07',
        sgc: k.sgc,
        krn: k.krn,
        ti: k.ti,
        kt: k.kt,
        ken: 255,
        baseYear: k.baseYear,
      },
      balance: options.balance ?? 1000,
    });
  }
  return { region: 'eu868', gateways, meters };
}

function hexByte(n: number): string {
  return (n & 0xff).toString(16).toUpperCase().padStart(2, '0');
}
