/** ChirpStack v4 MQTT integration (JSON marshaler): topics, ids and the payloads we read and write. */

/** "E4-38-19-FF-FE-00-00-01" (ours, the original's) ↔ "e43819fffe000001" (ChirpStack's). */
export function toChirpstackGatewayId(gatewayId: string): string {
  return gatewayId.replace(/-/g, '').toLowerCase();
}
const gatewayIds = new Map<string, string>();
/** Every uplink names its gateways: the conversion is remembered (bounded; only well-formed ids). */
export function fromChirpstackGatewayId(id: string): string | undefined {
  const known = gatewayIds.get(id);
  if (known) return known;
  if (!/^[0-9a-fA-F]{16}$/.test(id)) return undefined;
  const ours = (id.toUpperCase().match(/../g) ?? []).join('-');
  if (gatewayIds.size >= 10_000) gatewayIds.clear();
  gatewayIds.set(id, ours);
  return ours;
}

export const SUBSCRIPTIONS = [
  'application/+/device/+/event/+',
  '+/gateway/+/state/conn',
  'gateway/+/state/conn',
];

export type Topic =
  | { kind: 'device'; applicationId: string; devEui: string; event: string }
  | { kind: 'gateway-conn'; gatewayId: string }
  | { kind: 'other' };

export function parseTopic(topic: string): Topic {
  const p = topic.split('/');
  if (p.length === 6 && p[0] === 'application' && p[2] === 'device' && p[4] === 'event') {
    return {
      kind: 'device',
      applicationId: p[1] ?? '',
      devEui: (p[3] ?? '').toLowerCase(),
      event: p[5] ?? '',
    };
  }
  const conn = p.length === 5 ? p.slice(1) : p;
  if (conn.length === 4 && conn[0] === 'gateway' && conn[2] === 'state' && conn[3] === 'conn') {
    return { kind: 'gateway-conn', gatewayId: conn[1] ?? '' };
  }
  return { kind: 'other' };
}

export const downlinkTopic = (applicationId: string, devEui: string) =>
  `application/${applicationId}/device/${devEui}/command/down`;

export interface Uplink {
  fCnt?: number;
  fPort?: number;
  data?: string;
  rxInfo?: { gatewayId?: string; rssi?: number; snr?: number }[];
}

/** A plain object, or undefined for anything else (arrays, strings, numbers, null). */
export function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export function readUplink(body: Record<string, unknown>): Uplink {
  const rx = Array.isArray(body.rxInfo) ? body.rxInfo : [];
  return {
    fCnt: typeof body.fCnt === 'number' && Number.isInteger(body.fCnt) ? body.fCnt : undefined,
    fPort: typeof body.fPort === 'number' ? body.fPort : undefined,
    data: typeof body.data === 'string' ? body.data : undefined,
    rxInfo: rx.map(objectOf).flatMap((r) =>
      r
        ? [
            {
              gatewayId: typeof r.gatewayId === 'string' ? r.gatewayId : undefined,
              rssi: typeof r.rssi === 'number' ? r.rssi : undefined,
              snr: typeof r.snr === 'number' ? r.snr : undefined,
            },
          ]
        : [],
    ),
  };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
export function base64Bytes(s: string): Uint8Array | undefined {
  if (s.length % 4 !== 0 || !BASE64.test(s)) return undefined;
  return new Uint8Array(Buffer.from(s, 'base64'));
}
