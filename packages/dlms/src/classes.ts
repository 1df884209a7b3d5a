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

const integer = integerCodec;
const unsigned = unsignedCodec;
const longUnsigned = longUnsignedCodec;
const doubleLongUnsigned = doubleLongUnsignedCodec;
const long = longCodec;

/** Logical name: attribute 1 of every class. */
const logicalName = (classId: number) => attributeSpec(classId, 1, 'logical_name', obisCodec);

const c = CLASS_ID;

export const Data = {
  classId: c.data,
  logicalName: logicalName(c.data),
  value: attributeSpec(c.data, 2, 'value', rawCodec),
};

export const Register = {
  classId: c.register,
  logicalName: logicalName(c.register),
  value: attributeSpec(c.register, 2, 'value', rawCodec),
  scalerUnit: attributeSpec(c.register, 3, 'scaler_unit', scalerUnitCodec),
  reset: methodSpec(c.register, 1, 'reset', integer),
};

export const ExtendedRegister = {
  classId: c.extendedRegister,
  logicalName: logicalName(c.extendedRegister),
  value: attributeSpec(c.extendedRegister, 2, 'value', rawCodec),
  scalerUnit: attributeSpec(c.extendedRegister, 3, 'scaler_unit', scalerUnitCodec),
  status: attributeSpec(c.extendedRegister, 4, 'status', rawCodec),
  captureTime: attributeSpec(c.extendedRegister, 5, 'capture_time', dateTimeCodec),
  reset: methodSpec(c.extendedRegister, 1, 'reset', integer),
};

export const Clock = {
  classId: c.clock,
  logicalName: logicalName(c.clock),
  time: attributeSpec(c.clock, 2, 'time', dateTimeCodec),
  timeZone: attributeSpec(c.clock, 3, 'time_zone', long),
  status: attributeSpec(c.clock, 4, 'status', unsigned),
  daylightSavingsBegin: attributeSpec(c.clock, 5, 'daylight_savings_begin', dateTimeCodec),
  daylightSavingsEnd: attributeSpec(c.clock, 6, 'daylight_savings_end', dateTimeCodec),
  daylightSavingsDeviation: attributeSpec(c.clock, 7, 'daylight_savings_deviation', integer),
  daylightSavingsEnabled: attributeSpec(c.clock, 8, 'daylight_savings_enabled', booleanCodec),
  clockBase: attributeSpec(c.clock, 9, 'clock_base', enumCodec),
  adjustToQuarter: methodSpec(c.clock, 1, 'adjust_to_quarter', integer),
  adjustToMinute: methodSpec(c.clock, 3, 'adjust_to_minute', integer),
  shiftTime: methodSpec(c.clock, 6, 'shift_time', long),
};

/** A profile buffer: rows of Data, one value per capture object. */
export const bufferCodec: ValueCodec<DlmsData[][]> = {
  decode: (d) => expectType(d, 'array').value.map((row) => expectType(row, 'structure').value),
  encode: (rows) => ({ type: 'array', value: rows.map((value) => ({ type: 'structure', value })) }),
};

export const ProfileGeneric = {
  classId: c.profileGeneric,
  logicalName: logicalName(c.profileGeneric),
  buffer: attributeSpec(c.profileGeneric, 2, 'buffer', bufferCodec),
  captureObjects: attributeSpec(c.profileGeneric, 3, 'capture_objects', captureObjectsCodec),
  capturePeriod: attributeSpec(c.profileGeneric, 4, 'capture_period', doubleLongUnsigned),
  sortMethod: attributeSpec(c.profileGeneric, 5, 'sort_method', enumCodec),
  sortObject: attributeSpec(c.profileGeneric, 6, 'sort_object', captureObjectCodec),
  entriesInUse: attributeSpec(c.profileGeneric, 7, 'entries_in_use', doubleLongUnsigned),
  profileEntries: attributeSpec(c.profileGeneric, 8, 'profile_entries', doubleLongUnsigned),
  reset: methodSpec(c.profileGeneric, 1, 'reset', integer),
  capture: methodSpec(c.profileGeneric, 2, 'capture', integer),
};

/** control_state of class 70. Ready-for-reconnection waits for the customer's button. */
export const CONTROL_STATE = { disconnected: 0, connected: 1, readyForReconnection: 2 } as const;

export const DisconnectControl = {
  classId: c.disconnectControl,
  logicalName: logicalName(c.disconnectControl),
  outputState: attributeSpec(c.disconnectControl, 2, 'output_state', booleanCodec),
  controlState: attributeSpec(c.disconnectControl, 3, 'control_state', enumCodec),
  controlMode: attributeSpec(c.disconnectControl, 4, 'control_mode', enumCodec),
  remoteDisconnect: methodSpec(c.disconnectControl, 1, 'remote_disconnect', integer),
  remoteReconnect: methodSpec(c.disconnectControl, 2, 'remote_reconnect', integer),
};

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

export const ImageTransfer = {
  classId: c.imageTransfer,
  logicalName: logicalName(c.imageTransfer),
  blockSize: attributeSpec(c.imageTransfer, 2, 'image_block_size', doubleLongUnsigned),
  transferredBlocksStatus: attributeSpec(c.imageTransfer, 3, 'image_transferred_blocks_status', bitsCodec),
  firstNotTransferredBlock: attributeSpec(
    c.imageTransfer,
    4,
    'image_first_not_transferred_block_number',
    doubleLongUnsigned,
  ),
  transferEnabled: attributeSpec(c.imageTransfer, 5, 'image_transfer_enabled', booleanCodec),
  transferStatus: attributeSpec(c.imageTransfer, 6, 'image_transfer_status', enumCodec),
  toActivateInfo: attributeSpec(
    c.imageTransfer,
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
  initiate: methodSpec(
    c.imageTransfer,
    1,
    'image_transfer_initiate',
    structureCodec<ImageInitiate>({ identifier: octetsCodec, size: doubleLongUnsigned }),
  ),
  blockTransfer: methodSpec(
    c.imageTransfer,
    2,
    'image_block_transfer',
    structureCodec<ImageBlock>({ blockNumber: doubleLongUnsigned, value: octetsCodec }),
  ),
  verify: methodSpec(c.imageTransfer, 3, 'image_verify', integer),
  activate: methodSpec(c.imageTransfer, 4, 'image_activate', integer),
};

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

export const PushSetup = {
  classId: c.pushSetup,
  logicalName: logicalName(c.pushSetup),
  pushObjectList: attributeSpec(c.pushSetup, 2, 'push_object_list', captureObjectsCodec),
  sendDestinationAndMethod: attributeSpec(
    c.pushSetup,
    3,
    'send_destination_and_method',
    structureCodec<SendDestinationAndMethod>({
      transportService: enumCodec,
      destination: octetsCodec,
      message: enumCodec,
    }),
  ),
  communicationWindow: attributeSpec(
    c.pushSetup,
    4,
    'communication_window',
    arrayCodec(structureCodec<CommunicationWindow>({ start: dateTimeCodec, end: dateTimeCodec })),
  ),
  randomisationStartInterval: attributeSpec(c.pushSetup, 5, 'randomisation_start_interval', longUnsigned),
  numberOfRetries: attributeSpec(c.pushSetup, 6, 'number_of_retries', unsigned),
  repetitionDelay: attributeSpec(c.pushSetup, 7, 'repetition_delay', longUnsigned),
  push: methodSpec(c.pushSetup, 1, 'push', integer),
};
