import {
  type AccessSelection,
  type ActionResult,
  type AttributeDescriptor,
  type CaptureObject,
  CLASS_ID,
  CONTROL_STATE,
  captureObjectCodec,
  type DataResult,
  type DlmsData,
  dateTimeCodec,
  dateTimeToDate,
  type MethodDescriptor,
  normalizeObis,
  OBIS,
  obisToBytes,
  scalerUnitCodec,
  TOKEN_STATUS,
} from '@prepay/dlms';
import { TokenResult } from '@prepay/dlt645';
import type { Clock } from '../clock.js';
import type { MeterModel } from '../meter/meter.js';
import { enterToken } from '../meter/token-entry.js';
import { ACTIVE_FIRMWARE_ID, ImageTransferObject } from './image-transfer.js';
import { clockValue, ProfileBuffer } from './profile.js';

/**
 * A prepaid meter's COSEM objects over the simulated meter's state (the same registers, relay, credit and
 * STS key as its DL/T 645 face): the active energy register with its scaler, the clock, the disconnect
 * control, an hourly load profile, the standard event log, the account and the token gateway.
 */

/** Event codes the simulated meter writes to its standard event log. */
export const DLMS_EVENT = {
  powerFailure: 1,
  clockAdjusted: 5,
  terminalCoverOpened: 40,
  magneticTamper: 42,
  coverOpened: 44,
  remoteDisconnect: 47,
  remoteReconnect: 48,
  tokenAccepted: 60,
  tokenRejected: 61,
} as const;

const HOUR_MS = 3_600_000;
const OK = 0;
const READ_WRITE_DENIED = 3;
const OBJECT_UNDEFINED = 4;
const TYPE_UNMATCHED = 12;
/** The energy register counts 0.01 kWh: 10 Wh, scaler 1 of unit Wh (30). */
const ENERGY_SCALER_UNIT = { scaler: 1, unit: 30 };

const column = (classId: number, obis: string, attribute: number): CaptureObject => ({
  classId,
  obis,
  attribute,
  dataIndex: 0,
});
const CLOCK_COLUMN = column(CLASS_ID.clock, OBIS.clock, 2);
const EVENT_CODE = '0.0.96.11.0.255';

/** How the simulated meter starts. */
export interface DlmsMeterOptions {
  /** Hours of load profile the meter already holds at the simulated start (a meter in service a while). */
  historyHours?: number;
}

type Handler = {
  get?(attribute: number, access?: AccessSelection): DlmsData | number;
  set?(attribute: number, value: DlmsData): number;
  action?(method: number, parameter?: DlmsData): ActionResult;
};

export class DlmsMeter {
  readonly loadProfile = new ProfileBuffer([CLOCK_COLUMN, column(3, OBIS.activeEnergyImport, 2)], 2000);
  readonly eventLog = new ProfileBuffer([CLOCK_COLUMN, column(1, EVENT_CODE, 2)], 500);
  private nextCaptureMs: number;
  lastToken: { token: Uint8Array; localMs: number; status: number } | undefined;
  /** Firmware images arrive here (class 18); its state outlives an association, as a meter's does. */
  readonly imageTransfer = new ImageTransferObject();
  private readonly objects: Map<string, Handler>;

  constructor(
    readonly model: MeterModel,
    private readonly clock: Clock,
    options: DlmsMeterOptions = {},
  ) {
    this.nextCaptureMs = Math.floor(clock.now() / HOUR_MS + 1) * HOUR_MS;
    this.backfill(options.historyHours ?? 0);
    this.objects = new Map<string, Handler>([
      [key(3, OBIS.activeEnergyImport), this.energyRegister()],
      [key(8, OBIS.clock), this.clockObject()],
      [key(70, OBIS.disconnectControl), this.disconnectControl()],
      [key(7, OBIS.loadProfile), profileObject(this.loadProfile, 3600)],
      [key(7, OBIS.standardEventLog), profileObject(this.eventLog, 0)],
      [key(111, OBIS.account), this.account()],
      [key(115, OBIS.tokenGateway), this.tokenGateway()],
      [key(18, OBIS.imageTransfer), this.imageTransfer],
      [key(1, ACTIVE_FIRMWARE_ID), this.imageTransfer.firmwareId()],
    ]);
  }

  /** Simulated now, with the hourly profile captured up to it. */
  private now(): number {
    const now = this.clock.now();
    for (; this.nextCaptureMs <= now; this.nextCaptureMs += HOUR_MS) {
      this.model.advance(this.nextCaptureMs);
      const energy: DlmsData = { type: 'double-long-unsigned', value: this.model.totalHundredths };
      this.loadProfile.add(this.model.localMs(this.nextCaptureMs), [energy]);
    }
    this.model.advance(now);
    return now;
  }

  /**
   * The hourly captures before the start, from the meter's deterministic consumption: the register at an
   * earlier hour is the register now less what the meter consumed since.
   */
  private backfill(hours: number): void {
    const now = this.clock.now();
    this.model.advance(now);
    const totalNow = this.model.totalHundredths;
    const usedNow = this.model.profile.total(now);
    for (let at = this.nextCaptureMs - hours * HOUR_MS; at <= now; at += HOUR_MS) {
      const value = Math.max(0, totalNow - (usedNow - this.model.profile.total(at)));
      this.loadProfile.add(this.model.localMs(at), [{ type: 'double-long-unsigned', value }]);
    }
  }

  /** Writes an event to the standard event log now (a cover opened, a magnet held to the meter, …). */
  recordEvent(code: number): void {
    this.event(code, this.now());
  }

  private event(code: number, now: number): void {
    this.eventLog.add(this.model.localMs(now), [{ type: 'long-unsigned', value: code }]);
  }

  get(d: AttributeDescriptor, access?: AccessSelection): DataResult {
    const h = this.objects.get(key(d.classId, d.obis));
    this.now();
    if (!h?.get) return { error: OBJECT_UNDEFINED };
    if (d.attribute === 1) return { data: { type: 'octet-string', value: obisToBytes(d.obis) } };
    const out = h.get(d.attribute, access);
    return typeof out === 'number' ? { error: out } : { data: out };
  }

  set(d: AttributeDescriptor, value: DlmsData): number {
    const h = this.objects.get(key(d.classId, d.obis));
    this.now();
    if (!h) return OBJECT_UNDEFINED;
    return h.set ? h.set(d.attribute, value) : READ_WRITE_DENIED;
  }

  action(d: MethodDescriptor, parameter?: DlmsData): ActionResult {
    const h = this.objects.get(key(d.classId, d.obis));
    this.now();
    if (!h) return { result: OBJECT_UNDEFINED };
    return h.action ? h.action(d.method, parameter) : { result: READ_WRITE_DENIED };
  }

  private energyRegister(): Handler {
    return {
      get: (a) => {
        if (a === 2) return { type: 'double-long-unsigned', value: this.model.totalHundredths };
        if (a === 3) return scalerUnitCodec.encode(ENERGY_SCALER_UNIT);
        return OBJECT_UNDEFINED;
      },
    };
  }

  private clockObject(): Handler {
    return {
      get: (a) => {
        if (a === 2) return clockValue(this.model.localMs(this.clock.now()));
        if (a === 3) return { type: 'long', value: 0 };
        return OBJECT_UNDEFINED;
      },
      set: (a, v) => {
        if (a !== 2) return READ_WRITE_DENIED;
        let localMs: number;
        try {
          localMs = dateTimeToDate(dateTimeCodec.decode(v)).getTime();
        } catch {
          return TYPE_UNMATCHED;
        }
        const now = this.clock.now();
        this.model.setClock(now, localMs);
        this.event(DLMS_EVENT.clockAdjusted, now);
        return OK;
      },
    };
  }

  private disconnectControl(): Handler {
    return {
      get: (a) => {
        const closed = !this.model.relayOpen;
        if (a === 2) return { type: 'boolean', value: closed };
        if (a === 3)
          return { type: 'enum', value: closed ? CONTROL_STATE.connected : CONTROL_STATE.disconnected };
        if (a === 4) return { type: 'enum', value: 1 };
        return OBJECT_UNDEFINED;
      },
      action: (m) => {
        const now = this.clock.now();
        if (m === 1) this.model.trip(now, 'DLMS0001');
        else if (m === 2) this.model.close(now, 'DLMS0001');
        else return { result: OBJECT_UNDEFINED };
        this.event(m === 1 ? DLMS_EVENT.remoteDisconnect : DLMS_EVENT.remoteReconnect, now);
        return { result: OK };
      },
    };
  }

  private account(): Handler {
    return {
      get: (a) => {
        if (a === 2)
          return {
            type: 'structure',
            value: [
              { type: 'enum', value: 2 },
              { type: 'enum', value: 2 },
            ],
          };
        if (a === 5) return { type: 'double-long', value: this.model.balanceHundredths };
        return OBJECT_UNDEFINED;
      },
    };
  }

  private tokenGateway(): Handler {
    return {
      get: (a) => this.tokenAttribute(a),
      action: (m, p) => {
        if (m !== 1) return { result: OBJECT_UNDEFINED };
        if (p?.type !== 'octet-string') return { result: TYPE_UNMATCHED };
        this.enter(p.value);
        return { result: OK };
      },
    };
  }

  private tokenAttribute(a: number): DlmsData | number {
    const t = this.lastToken;
    if (a === 2) return { type: 'octet-string', value: t?.token ?? new Uint8Array() };
    if (a === 3) return t ? clockValue(t.localMs) : { type: 'null' };
    if (a === 5) return { type: 'enum', value: 0 };
    if (a === 6)
      return {
        type: 'structure',
        value: [
          { type: 'enum', value: t?.status ?? TOKEN_STATUS.formatOk },
          { type: 'bit-string', value: '00000000' },
        ],
      };
    return OBJECT_UNDEFINED;
  }

  /** The token as 20 ASCII digits (the encoding this simulated model takes). */
  private enter(token: Uint8Array): void {
    const now = this.clock.now();
    const digits = new TextDecoder().decode(token);
    const status = /^\d{20}$/.test(digits)
      ? tokenStatus(enterToken(this.model, digits, now).result)
      : TOKEN_STATUS.formatFailure;
    this.lastToken = { token, localMs: this.model.localMs(now), status };
    this.event(
      status === TOKEN_STATUS.executionOk ? DLMS_EVENT.tokenAccepted : DLMS_EVENT.tokenRejected,
      now,
    );
  }
}

function tokenStatus(result: number): number {
  if (result === TokenResult.ACCEPTED) return TOKEN_STATUS.executionOk;
  if (result === TokenResult.KEY_CHANGE_PENDING) return TOKEN_STATUS.validationOk;
  if (result === TokenResult.USED || result === TokenResult.OLD) return TOKEN_STATUS.validationFailure;
  return TOKEN_STATUS.authenticationFailure;
}

function profileObject(buffer: ProfileBuffer, periodSeconds: number): Handler {
  return {
    get: (a, access) => {
      if (a === 2) return buffer.read(access);
      if (a === 3) return { type: 'array', value: buffer.captureObjects.map(captureObjectCodec.encode) };
      if (a === 4) return { type: 'double-long-unsigned', value: periodSeconds };
      if (a === 7) return { type: 'double-long-unsigned', value: buffer.rows.length };
      if (a === 8) return { type: 'double-long-unsigned', value: buffer.entries };
      return OBJECT_UNDEFINED;
    },
  };
}

const key = (classId: number, obis: string) => `${classId}/${normalizeObis(obis)}`;
