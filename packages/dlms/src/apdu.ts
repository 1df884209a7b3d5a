import {
  type Aare,
  type Aarq,
  decodeAare,
  decodeAarq,
  decodeRelease,
  encodeAare,
  encodeAarq,
  encodeRelease,
  type Release,
} from './acse.js';
import {
  type ActionRequest,
  type ActionResponse,
  encodeActionRequest,
  encodeActionResponse,
  readActionRequest,
  readActionResponse,
} from './action.js';
import type { DlmsData } from './axdr.js';
import { decodeLength, encodeLength } from './axdr.js';
import { encodeData, readData } from './data.js';
import { DlmsError } from './errors.js';
import {
  encodeGetRequest,
  encodeGetResponse,
  encodeSetRequest,
  encodeSetResponse,
  type GetRequest,
  type GetResponse,
  readGetRequest,
  readGetResponse,
  readSetRequest,
  readSetResponse,
  type SetRequest,
  type SetResponse,
} from './get-set.js';
import { concatBytes, Reader, uintBytes } from './hex.js';
import {
  encodeInitiateRequest,
  encodeInitiateResponse,
  type InitiateRequest,
  type InitiateResponse,
  readInitiateRequest,
  readInitiateResponse,
} from './initiate.js';

/** exception-response: state-error (1 service-not-allowed, 2 service-unknown) and service-error. */
export interface ExceptionResponse {
  service: 'exception-response';
  stateError: number;
  serviceError: number;
  /** With service-error 6 (invocation-counter-error): the counter the server expects. */
  invocationCounter?: number;
}

/** confirmed-service-error: the service that failed (1 initiate, 5 read, 6 write…) and ServiceError choice and value. */
export interface ConfirmedServiceError {
  service: 'confirmed-service-error';
  confirmedService: number;
  errorChoice: number;
  value: number;
}

export interface DataNotification {
  service: 'data-notification';
  longInvokeId: number;
  /** The date-time octet string (12 bytes) when present. */
  dateTime?: Uint8Array;
  body: DlmsData;
}

/**
 * A ciphered APDU of security suite 0: glo- and ded- service tags, and general-glo/ded-ciphering (which
 * carry the sender's system title). `ciphered` is the ciphertext followed by the 12-byte tag (or, for
 * authentication only, the plaintext and the tag).
 */
export interface CipheredApdu {
  service: 'ciphered';
  tag: number;
  systemTitle?: Uint8Array;
  securityControl: number;
  invocationCounter: number;
  ciphered: Uint8Array;
}

export type XdlmsApdu =
  | GetRequest
  | GetResponse
  | SetRequest
  | SetResponse
  | ActionRequest
  | ActionResponse
  | InitiateRequest
  | InitiateResponse
  | ExceptionResponse
  | ConfirmedServiceError
  | DataNotification
  | CipheredApdu;

export type Apdu = XdlmsApdu | Aarq | Aare | Release;

/** glo-ciphered tags, by the plain service tag they protect. */
export const GLO_TAG: Record<number, number> = {
  1: 0x21,
  8: 0x28,
  14: 0x2e,
  192: 0xc8,
  193: 0xc9,
  194: 0xca,
  195: 0xcb,
  196: 0xcc,
  197: 0xcd,
  199: 0xcf,
};
/** ded-ciphered tags, by the plain service tag they protect. */
export const DED_TAG: Record<number, number> = {
  192: 0xd0,
  193: 0xd1,
  194: 0xd2,
  195: 0xd3,
  196: 0xd4,
  197: 0xd5,
  199: 0xd7,
};
export const GENERAL_GLO_CIPHERING = 0xdb;
export const GENERAL_DED_CIPHERING = 0xdc;
const CIPHERED_TAGS = new Set([...Object.values(GLO_TAG), ...Object.values(DED_TAG)]);

function encodeCiphered(a: CipheredApdu): Uint8Array {
  const body = concatBytes(Uint8Array.of(a.securityControl), uintBytes(a.invocationCounter, 4), a.ciphered);
  const title = a.systemTitle
    ? concatBytes(encodeLength(a.systemTitle.length), a.systemTitle)
    : new Uint8Array();
  return concatBytes(Uint8Array.of(a.tag), title, encodeLength(body.length), body);
}

function readCiphered(r: Reader, tag: number): CipheredApdu {
  const general = tag === GENERAL_GLO_CIPHERING || tag === GENERAL_DED_CIPHERING;
  const systemTitle = general ? r.take(decodeLength(r)) : undefined;
  const body = new Reader(r.take(decodeLength(r)));
  const securityControl = body.u8();
  const invocationCounter = body.u32();
  const out: CipheredApdu = {
    service: 'ciphered',
    tag,
    securityControl,
    invocationCounter,
    ciphered: body.rest(),
  };
  if (systemTitle) out.systemTitle = systemTitle;
  return out;
}

function encodeException(a: ExceptionResponse): Uint8Array {
  const extra = a.serviceError === 6 ? uintBytes(a.invocationCounter ?? 0, 4) : new Uint8Array();
  return concatBytes(Uint8Array.of(0xd8, a.stateError, a.serviceError), extra);
}

function readException(r: Reader): ExceptionResponse {
  const stateError = r.u8();
  const serviceError = r.u8();
  const base = { service: 'exception-response' as const, stateError, serviceError };
  return serviceError === 6 ? { ...base, invocationCounter: r.u32() } : base;
}

function encodeNotification(a: DataNotification): Uint8Array {
  const dt = a.dateTime ? concatBytes(encodeLength(a.dateTime.length), a.dateTime) : Uint8Array.of(0);
  return concatBytes(Uint8Array.of(0x0f), uintBytes(a.longInvokeId, 4), dt, encodeData(a.body));
}

function readNotification(r: Reader): DataNotification {
  const longInvokeId = r.u32();
  const n = r.u8();
  const dateTime = n ? r.take(n) : undefined;
  const body = readData(r);
  return dateTime
    ? { service: 'data-notification', longInvokeId, dateTime, body }
    : { service: 'data-notification', longInvokeId, body };
}

/** Encodes any APDU this package knows. */
export function encodeApdu(a: Apdu): Uint8Array {
  if ('apdu' in a) {
    if (a.apdu === 'aarq') return encodeAarq(a);
    if (a.apdu === 'aare') return encodeAare(a);
    return encodeRelease(a);
  }
  return encodeXdlms(a);
}

/** The writer of each xDLMS service, as READERS below holds the reader of each tag. */
const WRITERS: { [S in XdlmsApdu['service']]: (a: Extract<XdlmsApdu, { service: S }>) => Uint8Array } = {
  'get-request': encodeGetRequest,
  'get-response': encodeGetResponse,
  'set-request': encodeSetRequest,
  'set-response': encodeSetResponse,
  'action-request': encodeActionRequest,
  'action-response': encodeActionResponse,
  'initiate-request': encodeInitiateRequest,
  'initiate-response': encodeInitiateResponse,
  'exception-response': encodeException,
  'confirmed-service-error': (a) => Uint8Array.of(0x0e, a.confirmedService, a.errorChoice, a.value),
  'data-notification': encodeNotification,
  ciphered: encodeCiphered,
};

function encodeXdlms(a: XdlmsApdu): Uint8Array {
  // The table pairs each service with its own writer; TypeScript cannot follow that through the index.
  return (WRITERS[a.service] as (apdu: XdlmsApdu) => Uint8Array)(a);
}

const READERS: Record<number, (r: Reader) => XdlmsApdu> = {
  192: readGetRequest,
  196: readGetResponse,
  193: readSetRequest,
  197: readSetResponse,
  195: readActionRequest,
  199: readActionResponse,
  1: readInitiateRequest,
  8: readInitiateResponse,
  216: readException,
  15: readNotification,
  14: (r) => ({
    service: 'confirmed-service-error',
    confirmedService: r.u8(),
    errorChoice: r.u8(),
    value: r.u8(),
  }),
};

/** Decodes one whole APDU; throws DlmsError on anything else (unknown tag, short, trailing bytes). */
export function decodeApdu(bytes: Uint8Array): Apdu {
  const tag = bytes[0];
  if (tag === undefined) throw new DlmsError('too-short', 'empty APDU');
  if (tag === 0x60) return decodeAarq(bytes);
  if (tag === 0x61) return decodeAare(bytes);
  if (tag === 0x62 || tag === 0x63) return decodeRelease(bytes);
  const r = new Reader(bytes, 1);
  const read = READERS[tag];
  let out: XdlmsApdu;
  if (read) out = read(r);
  else if (CIPHERED_TAGS.has(tag) || tag === GENERAL_GLO_CIPHERING || tag === GENERAL_DED_CIPHERING)
    out = readCiphered(r, tag);
  else throw new DlmsError('bad-tag', `unknown APDU tag ${tag.toString(16)}`);
  r.end('APDU');
  return out;
}
