import type { DlmsData } from './axdr.js';
import { encodeData, readData } from './data.js';
import { TAG } from './get-set.js';
import { concatBytes, type Reader, uintBytes } from './hex.js';
import {
  type DataBlock,
  type DataResult,
  encodeDataBlockSA,
  encodeDataResult,
  encodeList,
  encodeMethodDescriptor,
  encodeOptional,
  encodeServiceHead,
  type MethodDescriptor,
  readDataBlockSA,
  readDataResult,
  readFlag,
  readList,
  readMethodDescriptor,
  readServiceHead,
} from './xdlms-common.js';

export type ActionRequest =
  | {
      service: 'action-request';
      type: 'normal';
      invoke: number;
      descriptor: MethodDescriptor;
      parameters?: DlmsData;
    }
  | { service: 'action-request'; type: 'next-pblock'; invoke: number; blockNumber: number }
  | {
      service: 'action-request';
      type: 'with-list';
      invoke: number;
      descriptors: MethodDescriptor[];
      parameters: DlmsData[];
    }
  | {
      service: 'action-request';
      type: 'with-first-pblock';
      invoke: number;
      descriptor: MethodDescriptor;
      block: DataBlock;
    }
  | {
      service: 'action-request';
      type: 'with-list-and-first-pblock';
      invoke: number;
      descriptors: MethodDescriptor[];
      block: DataBlock;
    }
  | { service: 'action-request'; type: 'with-pblock'; invoke: number; block: DataBlock };

/** Action-Response-With-Optional-Data: the action result and, optionally, return data or a data-access-result. */
export interface ActionResult {
  result: number;
  returned?: DataResult;
}

export type ActionResponse =
  | ({ service: 'action-response'; type: 'normal'; invoke: number } & ActionResult)
  | { service: 'action-response'; type: 'with-pblock'; invoke: number; block: DataBlock }
  | { service: 'action-response'; type: 'with-list'; invoke: number; results: ActionResult[] }
  | { service: 'action-response'; type: 'next-pblock'; invoke: number; blockNumber: number };

const REQUEST_TYPES = [
  'normal',
  'next-pblock',
  'with-list',
  'with-first-pblock',
  'with-list-and-first-pblock',
  'with-pblock',
] as const;
const RESPONSE_TYPES = ['normal', 'with-pblock', 'with-list', 'next-pblock'] as const;

export function encodeActionRequest(a: ActionRequest): Uint8Array {
  const h = encodeServiceHead(TAG.ACTION_REQUEST, REQUEST_TYPES, a.type, a.invoke);
  switch (a.type) {
    case 'normal':
      return concatBytes(h, encodeMethodDescriptor(a.descriptor), encodeOptional(a.parameters, encodeData));
    case 'next-pblock':
      return concatBytes(h, uintBytes(a.blockNumber, 4));
    case 'with-list':
      return concatBytes(
        h,
        encodeList(a.descriptors, encodeMethodDescriptor),
        encodeList(a.parameters, encodeData),
      );
    case 'with-first-pblock':
      return concatBytes(h, encodeMethodDescriptor(a.descriptor), encodeDataBlockSA(a.block));
    case 'with-list-and-first-pblock':
      return concatBytes(h, encodeList(a.descriptors, encodeMethodDescriptor), encodeDataBlockSA(a.block));
    default:
      return concatBytes(h, encodeDataBlockSA(a.block));
  }
}

export function readActionRequest(r: Reader): ActionRequest {
  const { type, invoke } = readServiceHead(r, REQUEST_TYPES, 'action-request');
  const s = 'action-request' as const;
  switch (type) {
    case 'normal': {
      const descriptor = readMethodDescriptor(r);
      return readFlag(r)
        ? { service: s, type, invoke, descriptor, parameters: readData(r) }
        : { service: s, type, invoke, descriptor };
    }
    case 'next-pblock':
      return { service: s, type, invoke, blockNumber: r.u32() };
    case 'with-list': {
      const descriptors = readList(r, readMethodDescriptor);
      return { service: s, type, invoke, descriptors, parameters: readList(r, (x) => readData(x)) };
    }
    case 'with-first-pblock': {
      const descriptor = readMethodDescriptor(r);
      return { service: s, type, invoke, descriptor, block: readDataBlockSA(r) };
    }
    case 'with-list-and-first-pblock': {
      const descriptors = readList(r, readMethodDescriptor);
      return { service: s, type, invoke, descriptors, block: readDataBlockSA(r) };
    }
    default:
      return { service: s, type, invoke, block: readDataBlockSA(r) };
  }
}

function encodeActionResult(a: ActionResult): Uint8Array {
  return concatBytes(Uint8Array.of(a.result), encodeOptional(a.returned, encodeDataResult));
}

function readActionResult(r: Reader): ActionResult {
  const result = r.u8();
  return readFlag(r) ? { result, returned: readDataResult(r) } : { result };
}

export function encodeActionResponse(a: ActionResponse): Uint8Array {
  const h = encodeServiceHead(TAG.ACTION_RESPONSE, RESPONSE_TYPES, a.type, a.invoke);
  switch (a.type) {
    case 'normal':
      return concatBytes(h, encodeActionResult(a));
    case 'with-pblock':
      return concatBytes(h, encodeDataBlockSA(a.block));
    case 'with-list':
      return concatBytes(h, encodeList(a.results, encodeActionResult));
    default:
      return concatBytes(h, uintBytes(a.blockNumber, 4));
  }
}

export function readActionResponse(r: Reader): ActionResponse {
  const { type, invoke } = readServiceHead(r, RESPONSE_TYPES, 'action-response');
  const s = 'action-response' as const;
  switch (type) {
    case 'normal':
      return { service: s, type, invoke, ...readActionResult(r) };
    case 'with-pblock':
      return { service: s, type, invoke, block: readDataBlockSA(r) };
    case 'with-list':
      return { service: s, type, invoke, results: readList(r, readActionResult) };
    default:
      return { service: s, type, invoke, blockNumber: r.u32() };
  }
}
