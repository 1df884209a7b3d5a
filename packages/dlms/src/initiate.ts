import { DlmsError } from './errors.js';
import { concatBytes, type Reader, uintBytes } from './hex.js';

/** Conformance block bits (IEC 62056-5-3), bit 0 first: the names a meter's negotiated block carries. */
export const CONFORMANCE_BITS = [
  'reserved-zero',
  'general-protection',
  'general-block-transfer',
  'read',
  'write',
  'unconfirmed-write',
  'delta-value-encoding',
  'reserved-seven',
  'attribute0-supported-with-set',
  'priority-mgmt-supported',
  'attribute0-supported-with-get',
  'block-transfer-with-get-or-read',
  'block-transfer-with-set-or-write',
  'block-transfer-with-action',
  'multiple-references',
  'information-report',
  'data-notification',
  'access',
  'parameterized-access',
  'get',
  'set',
  'selective-access',
  'event-notification',
  'action',
] as const;
export type ConformanceBit = (typeof CONFORMANCE_BITS)[number];

export function conformanceNames(block: number): ConformanceBit[] {
  return CONFORMANCE_BITS.filter((_, i) => (block >> (23 - i)) & 1);
}
export function conformanceBlock(names: ConformanceBit[]): number {
  return names.reduce((n, name) => n | (1 << (23 - CONFORMANCE_BITS.indexOf(name))), 0);
}

export interface InitiateRequest {
  service: 'initiate-request';
  dedicatedKey?: Uint8Array;
  /** Absent means the default (true). */
  responseAllowed?: boolean;
  qualityOfService?: number;
  dlmsVersion: number;
  /** 24-bit conformance block. */
  conformance: number;
  maxReceivePduSize: number;
}

export interface InitiateResponse {
  service: 'initiate-response';
  qualityOfService?: number;
  dlmsVersion: number;
  conformance: number;
  maxReceivePduSize: number;
  /** 0x0007 for logical-name referencing. */
  vaaName: number;
}

const CONFORMANCE_TAG = Uint8Array.of(0x5f, 0x1f, 0x04, 0x00);

function encodeConformance(block: number): Uint8Array {
  return concatBytes(CONFORMANCE_TAG, uintBytes(block, 4).slice(1));
}
function readConformance(r: Reader): number {
  const head = r.take(4);
  if (head[0] !== 0x5f || head[1] !== 0x1f || head[2] !== 0x04)
    throw new DlmsError('bad-tag', 'conformance block tag');
  return (r.u8() << 16) | (r.u8() << 8) | r.u8();
}

export function encodeInitiateRequest(a: InitiateRequest): Uint8Array {
  const key = a.dedicatedKey
    ? concatBytes(Uint8Array.of(1, a.dedicatedKey.length), a.dedicatedKey)
    : Uint8Array.of(0);
  const allowed =
    a.responseAllowed === undefined ? Uint8Array.of(0) : Uint8Array.of(1, a.responseAllowed ? 0xff : 0);
  const qos =
    a.qualityOfService === undefined ? Uint8Array.of(0) : Uint8Array.of(1, a.qualityOfService & 0xff);
  return concatBytes(
    Uint8Array.of(0x01),
    key,
    allowed,
    qos,
    Uint8Array.of(a.dlmsVersion),
    encodeConformance(a.conformance),
    uintBytes(a.maxReceivePduSize, 2),
  );
}

export function readInitiateRequest(r: Reader): InitiateRequest {
  const out: InitiateRequest = {
    service: 'initiate-request',
    dlmsVersion: 0,
    conformance: 0,
    maxReceivePduSize: 0,
  };
  if (r.u8()) out.dedicatedKey = r.take(r.u8());
  if (r.u8()) out.responseAllowed = r.u8() !== 0;
  if (r.u8()) out.qualityOfService = r.u8();
  out.dlmsVersion = r.u8();
  out.conformance = readConformance(r);
  out.maxReceivePduSize = r.u16();
  return out;
}

export function encodeInitiateResponse(a: InitiateResponse): Uint8Array {
  const qos =
    a.qualityOfService === undefined ? Uint8Array.of(0) : Uint8Array.of(1, a.qualityOfService & 0xff);
  return concatBytes(
    Uint8Array.of(0x08),
    qos,
    Uint8Array.of(a.dlmsVersion),
    encodeConformance(a.conformance),
    uintBytes(a.maxReceivePduSize, 2),
    uintBytes(a.vaaName, 2),
  );
}

export function readInitiateResponse(r: Reader): InitiateResponse {
  const qualityOfService = r.u8() ? r.u8() : undefined;
  const dlmsVersion = r.u8();
  const conformance = readConformance(r);
  const maxReceivePduSize = r.u16();
  const base = {
    service: 'initiate-response' as const,
    dlmsVersion,
    conformance,
    maxReceivePduSize,
    vaaName: r.u16(),
  };
  return qualityOfService === undefined ? base : { ...base, qualityOfService };
}
