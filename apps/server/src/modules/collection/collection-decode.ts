import {
  DI,
  decodeFrame,
  fromHex,
  itemDay,
  itemUnits,
  meterAddress,
  parseReply,
  readRequest,
  statusWord3Of,
} from '@prepay/dlt645';

/** One answered read: the value bytes and the format its catalogue row gives them. */
export interface ItemRead {
  format: string;
  value: Uint8Array;
}

/**
 * A reading task's reply frames → the value bytes of the identifier it asked for (the last frame is the
 * answer). The task row keeps only the decoded text, which is for people; collection decodes the bytes
 * itself so a frozen block (total and four tariffs) is read exactly.
 */
export function replyValue(meterId: string, di: number, frames: readonly string[] | null): Uint8Array {
  const last = frames?.at(-1);
  if (!last) throw new Error('the task has no reply frame');
  const reply = parseReply(readRequest(meterAddress(meterId), di), decodeFrame(fromHex(last)));
  if (!reply.ok) throw new Error(`meter error ${reply.errorWord}`);
  return reply.value;
}

/** An energy, volume or amount register, or the total of a block → 0.1 units, truncated as meters display. */
export const tenths = (read: ItemRead) => itemUnits(read.format, read.value, 1);

/** A freeze time (YYMMDDhhmm) → its calendar day "yyyy-MM-dd". */
export const freezeDay = (read: ItemRead) => itemDay(read.format, read.value);

/** Status word 3 → the row's relay flag. */
export const relayOpenOf = (read: ItemRead): boolean => statusWord3Of(read.value).relayOpen;

/**
 * Status word 3 of a water meter → its valve. "Open" is supplying (bit 4 clear: connected). An error is a
 * valve commanded shut (bit 6) that still supplies once no trip delay is pending (bit 7 clear): a jammed
 * valve. The other mismatch — shut without a command — is how a prepaid meter shuts on no credit.
 */
export function valveOf(read: ItemRead): { open: boolean; error: boolean } {
  const s = statusWord3Of(read.value);
  return { open: !s.relayOpen, error: s.relayCommandTrip && !s.relayOpen && !s.preTripAlarm };
}

/**
 * Battery voltage (X.XX V) → percent left. Water meters run on a 3.6 V lithium thionyl chloride cell,
 * whose voltage stays flat until near the end; 3.0 V is taken as empty and 3.6 V as full, linear between
 * (the meter reports no percentage of its own).
 */
export function batteryPercentOf(read: ItemRead): number {
  const centivolts = itemUnits(read.format, read.value, 2);
  return Math.min(100, Math.max(0, Math.round(((centivolts - 300) * 100) / 60)));
}

/** The identifier behind each flag collection uses (flags of frozen items are the identifier). */
export function diOfFlag(flag: string): number {
  if (flag === '901F') return DI.FORWARD_ACTIVE_TOTAL;
  if (flag === 'E421') return 0x00900100;
  if (flag === 'EFF5') return DI.RUN_STATUS_3;
  return Number.parseInt(flag, 16);
}
