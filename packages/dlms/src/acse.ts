import { DlmsError } from './errors.js';
import { concatBytes, Reader } from './hex.js';

/**
 * ACSE APDUs of IEC 62056-5-3 in BER: AARQ, AARE, RLRQ, RLRE. The xDLMS InitiateRequest/Response (or
 * its ciphered form) travels as raw bytes in `userInformation`; decode it with decodeApdu.
 */
export const APPLICATION_CONTEXT = { ln: 1, sn: 2, 'ln-ciphered': 3, 'sn-ciphered': 4 } as const;
export type ApplicationContext = keyof typeof APPLICATION_CONTEXT;
/** Authentication mechanism names: 0 none, 1 low (password), 2–7 high (5 = HLS-GMAC, security suite 0). */
export const MECHANISM = {
  none: 0,
  low: 1,
  high: 2,
  'high-md5': 3,
  'high-sha1': 4,
  'high-gmac': 5,
  'high-sha256': 6,
  'high-ecdsa': 7,
} as const;

const CONTEXT_PREFIX = Uint8Array.of(0x60, 0x85, 0x74, 0x05, 0x08, 0x01);
const MECHANISM_PREFIX = Uint8Array.of(0x60, 0x85, 0x74, 0x05, 0x08, 0x02);

export interface Aarq {
  apdu: 'aarq';
  context: ApplicationContext;
  /** Calling AP title: the client system title (ciphered contexts and HLS-GMAC). */
  callingApTitle?: Uint8Array;
  /** Mechanism id (MECHANISM); with it the sender-acse-requirements authentication bit is sent. */
  mechanism?: number;
  /** Password (low) or client challenge (high). */
  authenticationValue?: Uint8Array;
  userInformation?: Uint8Array;
}

export interface Aare {
  apdu: 'aare';
  context: ApplicationContext;
  /** 0 accepted, 1 rejected-permanent, 2 rejected-transient. */
  result: number;
  /** Result-source-diagnostic: acse-service-user (1) or acse-service-provider (2), and its value. */
  diagnostic: { source: 'user' | 'provider'; value: number };
  respondingApTitle?: Uint8Array;
  mechanism?: number;
  /** Server challenge (high). */
  authenticationValue?: Uint8Array;
  userInformation?: Uint8Array;
}

export interface Release {
  apdu: 'rlrq' | 'rlre';
  reason?: number;
  userInformation?: Uint8Array;
}

export const AARE_DIAGNOSTIC: Record<number, string> = {
  0: 'null',
  1: 'no-reason-given',
  2: 'application-context-name-not-supported',
  11: 'authentication-mechanism-name-not-recognised',
  12: 'authentication-mechanism-name-required',
  13: 'authentication-failure',
  14: 'authentication-required',
};

// ---------------------------------------------------------------- BER

function berLength(n: number): Uint8Array {
  if (n < 0x80) return Uint8Array.of(n);
  if (n < 0x100) return Uint8Array.of(0x81, n);
  return Uint8Array.of(0x82, n >> 8, n & 0xff);
}
function tlv(tag: number, value: Uint8Array): Uint8Array {
  return concatBytes(Uint8Array.of(tag), berLength(value.length), value);
}
function readTlv(r: Reader): { tag: number; value: Uint8Array } {
  const tag = r.u8();
  let n = r.u8();
  if (n & 0x80) {
    const size = n & 0x7f;
    if (size === 0 || size > 2) throw new DlmsError('bad-length', `BER length of ${size} bytes`);
    n = 0;
    for (let i = 0; i < size; i++) n = n * 256 + r.u8();
  }
  return { tag, value: r.take(n) };
}
function readElements(bytes: Uint8Array): Map<number, Uint8Array> {
  const r = new Reader(bytes);
  const out = new Map<number, Uint8Array>();
  while (r.remaining > 0) {
    const { tag, value } = readTlv(r);
    out.set(tag, value);
  }
  return out;
}
function unwrap(bytes: Uint8Array, tag: number, what: string): Map<number, Uint8Array> {
  const r = new Reader(bytes);
  const outer = readTlv(r);
  if (outer.tag !== tag) throw new DlmsError('bad-tag', `${what}: tag ${outer.tag.toString(16)}`);
  r.end(what);
  return readElements(outer.value);
}

function oidLast(value: Uint8Array | undefined, prefix: Uint8Array, what: string): number | undefined {
  if (!value) return undefined;
  // The application context name is wrapped in an OBJECT IDENTIFIER; the mechanism name is implicit.
  const v = value[0] === 0x06 ? readTlv(new Reader(value)).value : value;
  if (v.length !== 7 || prefix.some((b, i) => v[i] !== b))
    throw new DlmsError('bad-value', `${what} is not a DLMS name`);
  return v[6];
}
function contextOf(id: number | undefined): ApplicationContext {
  const name = (Object.keys(APPLICATION_CONTEXT) as ApplicationContext[]).find(
    (k) => APPLICATION_CONTEXT[k] === id,
  );
  if (!name) throw new DlmsError('bad-value', `application context ${id}`);
  return name;
}
const octets = (v: Uint8Array | undefined) => (v ? readTlv(new Reader(v)).value : undefined);
const smallInt = (v: Uint8Array | undefined) => (v ? (readTlv(new Reader(v)).value[0] ?? 0) : undefined);

// ---------------------------------------------------------------- AARQ / AARE

/** The association's own fields that AARQ and AARE both carry, at tags of their own. */
type Association = Pick<Aarq, 'mechanism' | 'authenticationValue' | 'userInformation'>;

/**
 * Tags of the AP title, the ACSE requirements, the mechanism name and the authentication value: the
 * AARQ's calling-* fields and the AARE's responding-* fields (user information is 0xBE in both).
 */
const TAGS = {
  aarq: { title: 0xa6, requirements: 0x8a, mechanism: 0x8b, value: 0xac },
  aare: { title: 0xa4, requirements: 0x88, mechanism: 0x89, value: 0xaa },
} as const;
type Tags = (typeof TAGS)[keyof typeof TAGS];

function encodeAssociation(a: Association, title: Uint8Array | undefined, tags: Tags): Uint8Array[] {
  const parts: Uint8Array[] = [];
  if (title) parts.push(tlv(tags.title, tlv(0x04, title)));
  if (a.mechanism !== undefined) {
    parts.push(tlv(tags.requirements, Uint8Array.of(0x07, 0x80)));
    parts.push(tlv(tags.mechanism, concatBytes(MECHANISM_PREFIX, Uint8Array.of(a.mechanism))));
  }
  if (a.authenticationValue) parts.push(tlv(tags.value, tlv(0x80, a.authenticationValue)));
  if (a.userInformation) parts.push(tlv(0xbe, tlv(0x04, a.userInformation)));
  return parts;
}

/** The AP title and the association fields present (an absent field stays absent, not undefined). */
function decodeAssociation(e: Map<number, Uint8Array>, tags: Tags): Association & { title?: Uint8Array } {
  const out: Association & { title?: Uint8Array } = {};
  const title = octets(e.get(tags.title));
  if (title) out.title = title;
  const mechanism = oidLast(e.get(tags.mechanism), MECHANISM_PREFIX, 'mechanism');
  if (mechanism !== undefined) out.mechanism = mechanism;
  const auth = octets(e.get(tags.value));
  if (auth) out.authenticationValue = auth;
  const ui = octets(e.get(0xbe));
  if (ui) out.userInformation = ui;
  return out;
}

export function encodeAarq(a: Aarq): Uint8Array {
  const parts = [
    tlv(0xa1, tlv(0x06, concatBytes(CONTEXT_PREFIX, Uint8Array.of(APPLICATION_CONTEXT[a.context])))),
    ...encodeAssociation(a, a.callingApTitle, TAGS.aarq),
  ];
  return tlv(0x60, concatBytes(...parts));
}

export function decodeAarq(bytes: Uint8Array): Aarq {
  const e = unwrap(bytes, 0x60, 'AARQ');
  const out: Aarq = {
    apdu: 'aarq',
    context: contextOf(oidLast(e.get(0xa1), CONTEXT_PREFIX, 'application context')),
  };
  const { title, ...association } = decodeAssociation(e, TAGS.aarq);
  return { ...out, ...(title ? { callingApTitle: title } : {}), ...association };
}

export function encodeAare(a: Aare): Uint8Array {
  const diag = tlv(
    a.diagnostic.source === 'user' ? 0xa1 : 0xa2,
    tlv(0x02, Uint8Array.of(a.diagnostic.value)),
  );
  const parts = [
    tlv(0xa1, tlv(0x06, concatBytes(CONTEXT_PREFIX, Uint8Array.of(APPLICATION_CONTEXT[a.context])))),
    tlv(0xa2, tlv(0x02, Uint8Array.of(a.result))),
    tlv(0xa3, diag),
    ...encodeAssociation(a, a.respondingApTitle, TAGS.aare),
  ];
  return tlv(0x61, concatBytes(...parts));
}

function readDiagnostic(v: Uint8Array | undefined): Aare['diagnostic'] {
  if (!v) throw new DlmsError('bad-value', 'AARE without result-source-diagnostic');
  const inner = readTlv(new Reader(v));
  return { source: inner.tag === 0xa1 ? 'user' : 'provider', value: smallInt(inner.value) ?? 0 };
}

export function decodeAare(bytes: Uint8Array): Aare {
  const e = unwrap(bytes, 0x61, 'AARE');
  const out: Aare = {
    apdu: 'aare',
    context: contextOf(oidLast(e.get(0xa1), CONTEXT_PREFIX, 'application context')),
    result: smallInt(e.get(0xa2)) ?? 0,
    diagnostic: readDiagnostic(e.get(0xa3)),
  };
  const { title, ...association } = decodeAssociation(e, TAGS.aare);
  return { ...out, ...(title ? { respondingApTitle: title } : {}), ...association };
}

// ---------------------------------------------------------------- RLRQ / RLRE

export function encodeRelease(a: Release): Uint8Array {
  const parts: Uint8Array[] = [];
  if (a.reason !== undefined) parts.push(tlv(0x80, Uint8Array.of(a.reason)));
  if (a.userInformation) parts.push(tlv(0xbe, tlv(0x04, a.userInformation)));
  return tlv(a.apdu === 'rlrq' ? 0x62 : 0x63, concatBytes(...parts));
}

export function decodeRelease(bytes: Uint8Array): Release {
  const apdu = bytes[0] === 0x62 ? 'rlrq' : 'rlre';
  const e = unwrap(bytes, apdu === 'rlrq' ? 0x62 : 0x63, apdu.toUpperCase());
  const out: Release = { apdu };
  const reason = e.get(0x80);
  if (reason) out.reason = reason[0] ?? 0;
  const ui = octets(e.get(0xbe));
  if (ui) out.userInformation = ui;
  return out;
}
