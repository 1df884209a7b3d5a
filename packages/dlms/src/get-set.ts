import type { DlmsData } from './axdr.js';
import { decodeLength, encodeLength } from './axdr.js';
import { encodeData, readData } from './data.js';
import { DlmsError } from './errors.js';
import { concatBytes, type Reader, uintBytes } from './hex.js';
import {
  type AccessSelection,
  type AttributeDescriptor,
  type DataBlock,
  type DataResult,
  encodeAccess,
  encodeAttributeDescriptor,
  encodeDataBlockSA,
  encodeDataResult,
  encodeList,
  encodeServiceHead,
  readAccess,
  readAttributeDescriptor,
  readDataBlockSA,
  readDataResult,
  readFlag,
  readList,
  readServiceHead,
} from './xdlms-common.js';

export const TAG = {
  GET_REQUEST: 0xc0,
  SET_REQUEST: 0xc1,
  EVENT_NOTIFICATION: 0xc2,
  ACTION_REQUEST: 0xc3,
  GET_RESPONSE: 0xc4,
  SET_RESPONSE: 0xc5,
  ACTION_RESPONSE: 0xc7,
  EXCEPTION_RESPONSE: 0xd8,
  DATA_NOTIFICATION: 0x0f,
  CONFIRMED_SERVICE_ERROR: 0x0e,
  INITIATE_REQUEST: 0x01,
  INITIATE_RESPONSE: 0x08,
} as const;

/** `invoke` is the Invoke-Id-And-Priority byte as sent (C1 = id 1, confirmed, high priority). */
export interface AttributeRef {
  descriptor: AttributeDescriptor;
  access?: AccessSelection;
}

export type GetRequest =
  | ({ service: 'get-request'; type: 'normal'; invoke: number } & AttributeRef)
  | { service: 'get-request'; type: 'next'; invoke: number; blockNumber: number }
  | { service: 'get-request'; type: 'with-list'; invoke: number; items: AttributeRef[] };

export type GetResponse =
  | { service: 'get-response'; type: 'normal'; invoke: number; result: DataResult }
  /** DataBlock-G: raw-data of the encoded value, or `error` when the block could not be given. */
  | {
      service: 'get-response';
      type: 'with-datablock';
      invoke: number;
      block: DataBlock | (Omit<DataBlock, 'raw'> & { error: number });
    }
  | { service: 'get-response'; type: 'with-list'; invoke: number; results: DataResult[] };

export type SetRequest =
  | ({ service: 'set-request'; type: 'normal'; invoke: number; value: DlmsData } & AttributeRef)
  | ({
      service: 'set-request';
      type: 'with-first-datablock';
      invoke: number;
      block: DataBlock;
    } & AttributeRef)
  | { service: 'set-request'; type: 'with-datablock'; invoke: number; block: DataBlock }
  | { service: 'set-request'; type: 'with-list'; invoke: number; items: AttributeRef[]; values: DlmsData[] }
  | {
      service: 'set-request';
      type: 'with-list-and-first-datablock';
      invoke: number;
      items: AttributeRef[];
      block: DataBlock;
    };

export type SetResponse =
  | { service: 'set-response'; type: 'normal'; invoke: number; result: number }
  | { service: 'set-response'; type: 'datablock'; invoke: number; blockNumber: number }
  | { service: 'set-response'; type: 'last-datablock'; invoke: number; result: number; blockNumber: number }
  | {
      service: 'set-response';
      type: 'last-datablock-with-list';
      invoke: number;
      results: number[];
      blockNumber: number;
    }
  | { service: 'set-response'; type: 'with-list'; invoke: number; results: number[] };

const readRef = (r: Reader): AttributeRef => {
  const descriptor = readAttributeDescriptor(r);
  const access = readAccess(r);
  return access ? { descriptor, access } : { descriptor };
};
const encodeRef = (a: AttributeRef) =>
  concatBytes(encodeAttributeDescriptor(a.descriptor), encodeAccess(a.access));
const ref = (a: AttributeRef): AttributeRef =>
  a.access ? { descriptor: a.descriptor, access: a.access } : { descriptor: a.descriptor };

const GET_TYPES = ['normal', 'next', 'with-list'] as const;
const GET_RESPONSE_TYPES = ['normal', 'with-datablock', 'with-list'] as const;
const SET_TYPES = [
  'normal',
  'with-first-datablock',
  'with-datablock',
  'with-list',
  'with-list-and-first-datablock',
] as const;
const SET_RESPONSE_TYPES = [
  'normal',
  'datablock',
  'last-datablock',
  'last-datablock-with-list',
  'with-list',
] as const;

export function encodeGetRequest(a: GetRequest): Uint8Array {
  const h = encodeServiceHead(TAG.GET_REQUEST, GET_TYPES, a.type, a.invoke);
  if (a.type === 'normal') return concatBytes(h, encodeRef(a));
  if (a.type === 'next') return concatBytes(h, uintBytes(a.blockNumber, 4));
  return concatBytes(h, encodeList(a.items, encodeRef));
}

export function readGetRequest(r: Reader): GetRequest {
  const { type, invoke } = readServiceHead(r, GET_TYPES, 'get-request');
  if (type === 'normal') return { service: 'get-request', type, invoke, ...ref(readRef(r)) };
  if (type === 'next') return { service: 'get-request', type, invoke, blockNumber: r.u32() };
  return { service: 'get-request', type, invoke, items: readList(r, readRef) };
}

export function encodeGetResponse(a: GetResponse): Uint8Array {
  const h = encodeServiceHead(TAG.GET_RESPONSE, GET_RESPONSE_TYPES, a.type, a.invoke);
  if (a.type === 'normal') return concatBytes(h, encodeDataResult(a.result));
  if (a.type === 'with-list') return concatBytes(h, encodeList(a.results, encodeDataResult));
  const b = a.block;
  const result =
    'raw' in b ? concatBytes(Uint8Array.of(0), encodeLength(b.raw.length), b.raw) : Uint8Array.of(1, b.error);
  return concatBytes(h, Uint8Array.of(b.lastBlock ? 1 : 0), uintBytes(b.blockNumber, 4), result);
}

export function readGetResponse(r: Reader): GetResponse {
  const { type, invoke } = readServiceHead(r, GET_RESPONSE_TYPES, 'get-response');
  if (type === 'normal') return { service: 'get-response', type, invoke, result: readDataResult(r) };
  if (type === 'with-list')
    return { service: 'get-response', type, invoke, results: readList(r, readDataResult) };
  const lastBlock = readFlag(r);
  const blockNumber = r.u32();
  const c = r.u8();
  if (c === 0)
    return {
      service: 'get-response',
      type,
      invoke,
      block: { lastBlock, blockNumber, raw: r.take(decodeLength(r)) },
    };
  if (c === 1)
    return { service: 'get-response', type, invoke, block: { lastBlock, blockNumber, error: r.u8() } };
  throw new DlmsError('bad-tag', `DataBlock-G result choice ${c}`);
}

export function encodeSetRequest(a: SetRequest): Uint8Array {
  const h = encodeServiceHead(TAG.SET_REQUEST, SET_TYPES, a.type, a.invoke);
  switch (a.type) {
    case 'normal':
      return concatBytes(h, encodeRef(a), encodeData(a.value));
    case 'with-first-datablock':
      return concatBytes(h, encodeRef(a), encodeDataBlockSA(a.block));
    case 'with-datablock':
      return concatBytes(h, encodeDataBlockSA(a.block));
    case 'with-list':
      return concatBytes(h, encodeList(a.items, encodeRef), encodeList(a.values, encodeData));
    default:
      return concatBytes(h, encodeList(a.items, encodeRef), encodeDataBlockSA(a.block));
  }
}

export function readSetRequest(r: Reader): SetRequest {
  const { type, invoke } = readServiceHead(r, SET_TYPES, 'set-request');
  const s = 'set-request' as const;
  switch (type) {
    case 'normal': {
      const at = ref(readRef(r));
      return { service: s, type, invoke, ...at, value: readData(r) };
    }
    case 'with-first-datablock': {
      const at = ref(readRef(r));
      return { service: s, type, invoke, ...at, block: readDataBlockSA(r) };
    }
    case 'with-datablock':
      return { service: s, type, invoke, block: readDataBlockSA(r) };
    case 'with-list': {
      const items = readList(r, readRef).map(ref);
      return { service: s, type, invoke, items, values: readList(r, (x) => readData(x)) };
    }
    default: {
      const items = readList(r, readRef).map(ref);
      return { service: s, type, invoke, items, block: readDataBlockSA(r) };
    }
  }
}

export function encodeSetResponse(a: SetResponse): Uint8Array {
  const h = encodeServiceHead(TAG.SET_RESPONSE, SET_RESPONSE_TYPES, a.type, a.invoke);
  const codes = (c: number[]) => encodeList(c, (x) => Uint8Array.of(x));
  switch (a.type) {
    case 'normal':
      return concatBytes(h, Uint8Array.of(a.result));
    case 'datablock':
      return concatBytes(h, uintBytes(a.blockNumber, 4));
    case 'last-datablock':
      return concatBytes(h, Uint8Array.of(a.result), uintBytes(a.blockNumber, 4));
    case 'last-datablock-with-list':
      return concatBytes(h, codes(a.results), uintBytes(a.blockNumber, 4));
    default:
      return concatBytes(h, codes(a.results));
  }
}

export function readSetResponse(r: Reader): SetResponse {
  const { type, invoke } = readServiceHead(r, SET_RESPONSE_TYPES, 'set-response');
  const s = 'set-response' as const;
  const codes = () => readList(r, (x) => x.u8());
  switch (type) {
    case 'normal':
      return { service: s, type, invoke, result: r.u8() };
    case 'datablock':
      return { service: s, type, invoke, blockNumber: r.u32() };
    case 'last-datablock':
      return { service: s, type, invoke, result: r.u8(), blockNumber: r.u32() };
    case 'last-datablock-with-list': {
      const results = codes();
      return { service: s, type, invoke, results, blockNumber: r.u32() };
    }
    default:
      return { service: s, type, invoke, results: codes() };
  }
}
