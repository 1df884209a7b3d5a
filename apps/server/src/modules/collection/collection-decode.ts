import {
  bcdToDigits,
  DI,
  decodeFrame,
  decodeStatusWord3,
  fromHex,
  meterAddress,
  parseReply,
  readRequest,
} from '@prepay/dlt645';

/**
 * A reading task's raw reply → the value bytes of the identifier it asked for. The executor keeps the
 * raw frame on the task (its decoded text is for people); collection decodes the bytes itself so a
 * frozen block (total and four tariffs) is read exactly.
 */
export function replyValue(meterId: string, di: number, raw: string | null): Uint8Array {
  if (!raw) throw new Error('the task has no reply frame');
  const last = raw.split('|').pop()?.trim() ?? '';
  const reply = parseReply(readRequest(meterAddress(meterId), di), decodeFrame(fromHex(last)));
  if (!reply.ok) throw new Error(`meter error ${reply.errorWord}`);
  return reply.value;
}

const number = (bytes: Uint8Array) => {
  const digits = bcdToDigits(bytes);
  if (!/^\d+$/.test(digits)) throw new Error(`not BCD: ${digits}`);
  return Number(digits);
};

/** An energy value or the total of a block (XXXXXX.XX, hundredths) → 0.1 kWh, truncated as meters display. */
export const energyTenths = (value: Uint8Array) => Math.floor(number(value.slice(0, 4)) / 10);

/** A freeze time (YYMMDDhhmm, low byte first) → its calendar day "yyyy-MM-dd". */
export function freezeDay(value: Uint8Array): string {
  const d = bcdToDigits(value.slice(0, 5));
  return `20${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4, 6)}`;
}

const statusWord3 = (value: Uint8Array) => decodeStatusWord3((value[0] ?? 0) | ((value[1] ?? 0) << 8));

/** Status word 3 → the row's relay flag. */
export function relayOpenOf(value: Uint8Array): boolean {
  return statusWord3(value).relayOpen;
}

/**
 * Status word 3 of a water meter → its valve. "Open" is supplying (bit 4 clear: connected). An error is a
 * valve commanded shut (bit 6) that still supplies once no trip delay is pending (bit 7 clear): a jammed
 * valve. The other mismatch — shut without a command — is how a prepaid meter shuts on no credit.
 */
export function valveOf(value: Uint8Array): { open: boolean; error: boolean } {
  const s = statusWord3(value);
  return { open: !s.relayOpen, error: s.relayCommandTrip && !s.relayOpen && !s.preTripAlarm };
}

/**
 * Battery voltage (X.XX V) → percent left. Water meters run on a 3.6 V lithium thionyl chloride cell,
 * whose voltage stays flat until near the end; 3.0 V is taken as empty and 3.6 V as full, linear between
 * (the meter reports no percentage of its own).
 */
export function batteryPercentOf(value: Uint8Array): number {
  const centivolts = number(value.slice(0, 2));
  return Math.min(100, Math.max(0, Math.round(((centivolts - 300) * 100) / 60)));
}

/** A volume or amount register (XXXXXX.XX) → 0.1 units, truncated as meters display. */
export const tenths = energyTenths;

/** The identifier behind each flag collection uses (flags of frozen items are the identifier). */
export function diOfFlag(flag: string): number {
  if (flag === '901F') return DI.FORWARD_ACTIVE_TOTAL;
  if (flag === 'E421') return 0x00900100;
  if (flag === 'EFF5') return DI.RUN_STATUS_3;
  return Number.parseInt(flag, 16);
}
