import type { CosemDateTime, DlmsData } from './axdr.js';
import {
  arrayCodec,
  bitsCodec,
  booleanCodec,
  captureObjectCodec,
  captureObjectsCodec,
  dateTimeCodec,
  doubleLongUnsignedCodec,
  enumCodec,
  expectType,
  integerCodec,
  longCodec,
  longUnsignedCodec,
  obisCodec,
  octetsCodec,
  rawCodec,
  scalerUnitCodec,
  unsignedCodec,
  type ValueCodec,
} from './codecs.js';
import { DlmsError } from './errors.js';

/**
 * The COSEM interface classes a prepayment head-end uses (IEC 62056-6-2, Blue Book), each as its class
 * id and typed attributes and methods: `client.get(obis, Register.scalerUnit)` reads a typed value,
 * `client.action(obis, DisconnectControl.remoteDisconnect, 0)` calls a method with a typed parameter.
 */
export interface AttributeSpec<T> {
  classId: number;
  attribute: number;
  name: string;
  codec: ValueCodec<T>;
}
export interface MethodSpec<P> {
  classId: number;
  method: number;
  name: string;
  codec: ValueCodec<P>;
}

export const CLASS_ID = {
  data: 1,
  register: 3,
  extendedRegister: 4,
  profileGeneric: 7,
  clock: 8,
  associationLn: 15,
  imageTransfer: 18,
  pushSetup: 40,
  disconnectControl: 70,
  account: 111,
  credit: 112,
  charge: 113,
  tokenGateway: 115,
} as const;

export const attributeSpec = <T>(
  classId: number,
  attribute: number,
  name: string,
  codec: ValueCodec<T>,
): AttributeSpec<T> => ({
  classId,
  attribute,
  name,
  codec,
});
export const methodSpec = <P>(
  classId: number,
  m: number,
  name: string,
  codec: ValueCodec<P>,
): MethodSpec<P> => ({
  classId,
  method: m,
  name,
  codec,
});

/** A structure of named fields, in wire order. */
export function structureCodec<T extends object>(
  fields: { [K in keyof T]: ValueCodec<T[K]> },
): ValueCodec<T> {
  const keys = Object.keys(fields) as (keyof T)[];
  return {
    decode: (d) => {
      const items = expectType(d, 'structure').value;
      if (items.length !== keys.length)
        throw new DlmsError('bad-value', `structure of ${items.length}, expected ${keys.length}`);
      const out = {} as T;
      keys.forEach((k, i) => {
        out[k] = fields[k].decode(items[i] as DlmsData);
      });
      return out;
    },
    encode: (v) => ({ type: 'structure', value: keys.map((k) => fields[k].encode(v[k])) }),
  };
}

/** An attribute of the class being declared: its number, its Blue Book name and its value's codec. */
export type ClassAttribute = <T>(attribute: number, name: string, codec: ValueCodec<T>) => AttributeSpec<T>;
/** A method of the class being declared: its number, its Blue Book name and its parameter's codec. */
export type ClassMethod = <P>(method: number, name: string, codec: ValueCodec<P>) => MethodSpec<P>;

/**
 * An interface class: its id, attribute 1 (logical_name, which every class has), then the attributes and
 * methods `members` declares through `attr` and `method`, which stamp each with this class's id.
 */
export function interfaceClass<C extends number, M extends object>(
  classId: C,
  members: (attr: ClassAttribute, method: ClassMethod) => M,
) {
  return {
    classId,
    logicalName: attributeSpec(classId, 1, 'logical_name', obisCodec),
    ...members(
      (attribute, name, codec) => attributeSpec(classId, attribute, name, codec),
      (m, name, codec) => methodSpec(classId, m, name, codec),
    ),
  };
}

const integer = integerCodec;
const unsigned = unsignedCodec;
const longUnsigned = longUnsignedCodec;
const doubleLongUnsigned = doubleLongUnsignedCodec;
const long = longCodec;

const c = CLASS_ID;

export const Data = interfaceClass(c.data, (attr) => ({
  value: attr(2, 'value', rawCodec),
}));

export const Register = interfaceClass(c.register, (attr, method) => ({
  value: attr(2, 'value', rawCodec),
  scalerUnit: attr(3, 'scaler_unit', scalerUnitCodec),
  reset: method(1, 'reset', integer),
}));

export const ExtendedRegister = interfaceClass(c.extendedRegister, (attr, method) => ({
  value: attr(2, 'value', rawCodec),
  scalerUnit: attr(3, 'scaler_unit', scalerUnitCodec),
  status: attr(4, 'status', rawCodec),
  captureTime: attr(5, 'capture_time', dateTimeCodec),
  reset: method(1, 'reset', integer),
}));

export const Clock = interfaceClass(c.clock, (attr, method) => ({
  time: attr(2, 'time', dateTimeCodec),
  timeZone: attr(3, 'time_zone', long),
  status: attr(4, 'status', unsigned),
  daylightSavingsBegin: attr(5, 'daylight_savings_begin', dateTimeCodec),
  daylightSavingsEnd: attr(6, 'daylight_savings_end', dateTimeCodec),
  daylightSavingsDeviation: attr(7, 'daylight_savings_deviation', integer),
  daylightSavingsEnabled: attr(8, 'daylight_savings_enabled', booleanCodec),
  clockBase: attr(9, 'clock_base', enumCodec),
  adjustToQuarter: method(1, 'adjust_to_quarter', integer),
  adjustToMinute: method(3, 'adjust_to_minute', integer),
  shiftTime: method(6, 'shift_time', long),
}));

/** A profile buffer: rows of Data, one value per capture object. */
export const bufferCodec: ValueCodec<DlmsData[][]> = {
  decode: (d) => expectType(d, 'array').value.map((row) => expectType(row, 'structure').value),
  encode: (rows) => ({ type: 'array', value: rows.map((value) => ({ type: 'structure', value })) }),
};

export const ProfileGeneric = interfaceClass(c.profileGeneric, (attr, method) => ({
  buffer: attr(2, 'buffer', bufferCodec),
  captureObjects: attr(3, 'capture_objects', captureObjectsCodec),
  capturePeriod: attr(4, 'capture_period', doubleLongUnsigned),
  sortMethod: attr(5, 'sort_method', enumCodec),
  sortObject: attr(6, 'sort_object', captureObjectCodec),
  entriesInUse: attr(7, 'entries_in_use', doubleLongUnsigned),
  profileEntries: attr(8, 'profile_entries', doubleLongUnsigned),
  reset: method(1, 'reset', integer),
  capture: method(2, 'capture', integer),
}));

/** control_state of class 70. Ready-for-reconnection waits for the customer's button. */
export const CONTROL_STATE = { disconnected: 0, connected: 1, readyForReconnection: 2 } as const;

export const DisconnectControl = interfaceClass(c.disconnectControl, (attr, method) => ({
  outputState: attr(2, 'output_state', booleanCodec),
  controlState: attr(3, 'control_state', enumCodec),
  controlMode: attr(4, 'control_mode', enumCodec),
  remoteDisconnect: method(1, 'remote_disconnect', integer),
  remoteReconnect: method(2, 'remote_reconnect', integer),
}));

/** image_transfer_status of class 18. */
export const IMAGE_TRANSFER_STATUS = {
  notInitiated: 0,
  initiated: 1,
  verificationInitiated: 2,
  verificationSuccessful: 3,
  verificationFailed: 4,
  activationInitiated: 5,
  activationSuccessful: 6,
  activationFailed: 7,
} as const;

export interface ImageToActivate {
  size: number;
  identification: Uint8Array;
  signature: Uint8Array;
}
export interface ImageBlock {
  blockNumber: number;
  value: Uint8Array;
}
export interface ImageInitiate {
  identifier: Uint8Array;
  size: number;
}

export const ImageTransfer = interfaceClass(c.imageTransfer, (attr, method) => ({
  blockSize: attr(2, 'image_block_size', doubleLongUnsigned),
  transferredBlocksStatus: attr(3, 'image_transferred_blocks_status', bitsCodec),
  firstNotTransferredBlock: attr(4, 'image_first_not_transferred_block_number', doubleLongUnsigned),
  transferEnabled: attr(5, 'image_transfer_enabled', booleanCodec),
  transferStatus: attr(6, 'image_transfer_status', enumCodec),
  toActivateInfo: attr(
    7,
    'image_to_activate_info',
    arrayCodec(
      structureCodec<ImageToActivate>({
        size: doubleLongUnsigned,
        identification: octetsCodec,
        signature: octetsCodec,
      }),
    ),
  ),
  initiate: method(
    1,
    'image_transfer_initiate',
    structureCodec<ImageInitiate>({ identifier: octetsCodec, size: doubleLongUnsigned }),
  ),
  blockTransfer: method(
    2,
    'image_block_transfer',
    structureCodec<ImageBlock>({ blockNumber: doubleLongUnsigned, value: octetsCodec }),
  ),
  verify: method(3, 'image_verify', integer),
  activate: method(4, 'image_activate', integer),
}));

export interface SendDestinationAndMethod {
  /** 0 TCP, 1 UDP, … (transport_service enum). */
  transportService: number;
  destination: Uint8Array;
  /** 0 A-XDR encoded xDLMS APDU. */
  message: number;
}
export interface CommunicationWindow {
  start: CosemDateTime;
  end: CosemDateTime;
}

export const PushSetup = interfaceClass(c.pushSetup, (attr, method) => ({
  pushObjectList: attr(2, 'push_object_list', captureObjectsCodec),
  sendDestinationAndMethod: attr(
    3,
    'send_destination_and_method',
    structureCodec<SendDestinationAndMethod>({
      transportService: enumCodec,
      destination: octetsCodec,
      message: enumCodec,
    }),
  ),
  communicationWindow: attr(
    4,
    'communication_window',
    arrayCodec(structureCodec<CommunicationWindow>({ start: dateTimeCodec, end: dateTimeCodec })),
  ),
  randomisationStartInterval: attr(5, 'randomisation_start_interval', longUnsigned),
  numberOfRetries: attr(6, 'number_of_retries', unsigned),
  repetitionDelay: attr(7, 'repetition_delay', longUnsigned),
  push: method(1, 'push', integer),
}));
