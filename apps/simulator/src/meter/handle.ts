import {
  abnormalReply,
  addressMatches,
  BROADCAST_ADDRESS,
  Control,
  checkParts,
  type DateParts,
  DI,
  diFromBytes,
  ErrorWord,
  type Frame,
  normalReply,
  parseAuth,
  parseBroadcastTime,
  parseRelayRequest,
  parseWriteRequest,
  partsToDate,
  RELAY_CODES,
  type WriteAuth,
} from '@prepay/dlt645';
import type { MeterModel } from './meter.js';
import { readValue } from './reads.js';
import { enterToken, tokenDigits } from './token-entry.js';
import { calendar, readBcd } from './values.js';

/**
 * A meter's answer to one DL/T 645 request frame (protocols.md §1.3–§1.5, §5): the reply frame, or
 * none when a real meter stays silent (broadcast, another meter's address, a reply frame).
 */

/** What happened, for the fleet's event log: only notable things (token, relay, clock) carry an event. */
export interface HandleResult {
  reply?: Frame;
  event?: { kind: string; [key: string]: unknown };
}

export function handleFrame(m: MeterModel, request: Frame, nowMs: number): HandleResult {
  if (request.control & 0x80) return {};
  if (request.address === BROADCAST_ADDRESS) {
    return request.control === Control.BROADCAST_TIME ? broadcastTime(m, request, nowMs) : {};
  }
  if (!addressMatches(request.address, m.config.address)) return {};
  try {
    const result = dispatch(m, request, nowMs);
    // A meter answers with its own address, also to a wildcard request.
    if (result.reply) result.reply = { ...result.reply, address: m.config.address };
    return result;
  } catch {
    // A malformed field (non-BCD password, impossible date…): the meter says "other error".
    return { reply: { ...abnormalReply(request, ErrorWord.OTHER), address: m.config.address } };
  }
}

function dispatch(m: MeterModel, request: Frame, nowMs: number): HandleResult {
  switch (request.control) {
    case Control.READ: {
      if (request.data.length < 4) return { reply: abnormalReply(request, ErrorWord.OTHER) };
      const value = readValue(m, diFromBytes(request.data), nowMs);
      return { reply: value ? normalReply(request, value) : abnormalReply(request, ErrorWord.NO_DATA) };
    }
    case Control.READ_ADDRESS:
      return { reply: normalReply(request, new Uint8Array(0), { address: m.config.address }) };
    case Control.WRITE:
      return write(m, request, nowMs);
    case Control.RELAY:
      return relay(m, request, nowMs);
    case Control.READ_FOLLOW:
      // No reply of this meter spans frames, so there is never a follow-up to give.
      return { reply: abnormalReply(request, ErrorWord.NO_DATA) };
    case Control.FREEZE:
      return { reply: normalReply(request) };
    case Control.CHANGE_BAUD: {
      const z = request.data[0] ?? 0;
      const oneRate = request.data.length === 1 && [2, 4, 8, 16, 32, 64].includes(z);
      return { reply: oneRate ? normalReply(request) : abnormalReply(request, ErrorWord.BAUD_UNCHANGEABLE) };
    }
    case Control.CHANGE_PASSWORD:
      return changePassword(m, request);
    default:
      return { reply: abnormalReply(request, ErrorWord.OTHER) };
  }
}

const authorised = (m: MeterModel, auth: WriteAuth) => m.checkPassword(auth.level, auth.password);
const refused = (request: Frame): HandleResult => ({
  reply: abnormalReply(request, ErrorWord.UNAUTHORISED),
  event: { kind: 'wrong-password', control: request.control },
});

function write(m: MeterModel, request: Frame, nowMs: number): HandleResult {
  const { di, auth, value } = parseWriteRequest(request);
  if (!authorised(m, auth)) return refused(request);
  if (di === DI.TOKEN_ENTRY) {
    const token = tokenDigits(value);
    if (!token) return { reply: abnormalReply(request, ErrorWord.OTHER) };
    const entry = enterToken(m, token, nowMs);
    return {
      reply: normalReply(request, Uint8Array.of(entry.result)),
      event: { kind: 'token', result: entry.result, message: entry.message, creditUnits: entry.creditUnits },
    };
  }
  if (di === DI.DATE || di === DI.TIME || di === DI.DATE_TIME) {
    const local = writtenClock(m.localMs(nowMs), di, value);
    if (local === undefined) return { reply: abnormalReply(request, ErrorWord.OTHER) };
    m.setClock(nowMs, local);
    return { reply: normalReply(request), event: { kind: 'clock-set', by: 'write', to: iso(local) } };
  }
  const current = m.parameters.get(di);
  if (current) {
    // Same length and every nibble a digit, or the meter refuses it.
    if (value.length !== current.length || readBcd(value) === undefined) {
      return { reply: abnormalReply(request, ErrorWord.OTHER) };
    }
    m.parameters.set(di, value.slice());
    return {
      reply: normalReply(request),
      event: { kind: 'parameter-set', di: di.toString(16).padStart(8, '0') },
    };
  }
  return { reply: abnormalReply(request, ErrorWord.NO_DATA) };
}

const iso = (localMs: number) => new Date(localMs).toISOString().slice(0, 19);

/** The wall-clock time a date (WW DD MM YY), time (ss mm hh) or date-time write sets; undefined when malformed. */
function writtenClock(currentLocal: number, di: number, v: Uint8Array): number | undefined {
  const n = (i: number) => readBcd(v.subarray(i, i + 1)) ?? -1;
  const c = calendar(currentLocal);
  const now: DateParts = {
    year: 2000 + c.yy,
    month: c.mo,
    day: c.dd,
    hour: c.hh,
    minute: c.mi,
    second: c.ss,
  };
  let p: DateParts;
  if (di === DI.TIME && v.length === 3) p = { ...now, second: n(0), minute: n(1), hour: n(2) };
  else if (di === DI.DATE && v.length === 4) p = { ...now, day: n(1), month: n(2), year: 2000 + n(3) };
  else if (di === DI.DATE_TIME && v.length === 7) {
    p = { second: n(0), minute: n(1), hour: n(2), day: n(4), month: n(5), year: 2000 + n(6) };
  } else return undefined;
  return partsToDate(checkParts(p)).getTime();
}

function broadcastTime(m: MeterModel, request: Frame, nowMs: number): HandleResult {
  try {
    const local = parseBroadcastTime(request).getTime();
    m.setClock(nowMs, local);
    return { event: { kind: 'clock-set', by: 'broadcast', to: iso(local) } };
  } catch {
    return {};
  }
}

function relay(m: MeterModel, request: Frame, nowMs: number): HandleResult {
  const { command, auth, validUntil } = parseRelayRequest(request);
  if (!authorised(m, auth)) return refused(request);
  // An expired command is refused, as meters do: the head-end stamps a validity window.
  if (validUntil.getTime() < m.localMs(nowMs)) {
    return {
      reply: abnormalReply(request, ErrorWord.OTHER),
      event: { kind: 'relay-refused', reason: 'expired' },
    };
  }
  switch (command) {
    case 'trip':
      if (m.keepPower) {
        return {
          reply: abnormalReply(request, ErrorWord.OTHER),
          event: { kind: 'relay-refused', reason: 'keep-power' },
        };
      }
      m.trip(nowMs, auth.operator);
      break;
    case 'close-allowed':
    case 'direct-close':
      m.close(nowMs, auth.operator);
      break;
    case 'alarm-on':
    case 'alarm-off':
      m.alarm = command === 'alarm-on';
      break;
    case 'keep-power-on':
    case 'keep-power-off':
      m.setKeepPower(nowMs, command === 'keep-power-on');
      break;
  }
  return {
    reply: normalReply(request),
    event: { kind: 'relay', command, code: RELAY_CODES[command], relayOpen: m.relayOpen },
  };
}

/** C=18: DI 04 00 0C (level+1) + old PA+password + new PA+password; needs a password of an equal or higher level. */
function changePassword(m: MeterModel, request: Frame): HandleResult {
  const d = request.data;
  if (d.length !== 12) return { reply: abnormalReply(request, ErrorWord.OTHER) };
  const level = (diFromBytes(d) & 0xff) - 1;
  const old = parseAuth(d, 4);
  const next = parseAuth(d, 8);
  if (diFromBytes(d) >>> 8 !== 0x04000c || level < 0 || level > 9 || next.level !== level) {
    return { reply: abnormalReply(request, ErrorWord.OTHER) };
  }
  if (!authorised(m, old) || old.level > level) return refused(request);
  m.passwords.set(level, next.password);
  return { reply: normalReply(request), event: { kind: 'password-changed', level } };
}
