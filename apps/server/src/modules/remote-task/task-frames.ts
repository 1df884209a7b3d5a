import {
  type Address,
  DI,
  digitsToBcd,
  type Frame,
  formatShape,
  itemText,
  readRequest,
  relayRequest,
  statusWord3Of,
  tokenRequest,
  type WriteAuth,
  writeRequest,
} from '@prepay/dlt645';
import type { TaskSpec } from './remote-task.repo.js';

/** What the engine needs of a catalogue row to build and read a frame (stored with each task). */
export type ItemSpec = TaskSpec;

export class TaskInputError extends Error {}

/** Decodes a value as the catalogue's format and analysis say, for the task's `data`. */
export function decodeValue(spec: ItemSpec, value: Uint8Array): string {
  if (spec.analysisFormat === 'relay') return relayText(value);
  return itemText(spec.format ?? '', value);
}

/** Status word 3 → the relay state in words. */
export function relayText(value: Uint8Array): string {
  return statusWord3Of(value).relayOpen ? 'Relay Disconnected' : 'Relay Connected';
}

export const relayOpenOf = (value: Uint8Array): boolean => statusWord3Of(value).relayOpen;

/** A typed value ("12.5") → BCD bytes in the format's width; refuses what does not fit. */
export function encodeValue(format: string | null, text: string): Uint8Array {
  const { digits, decimals } = formatShape(format || 'XXXXXX.XX');
  const m = /^\s*(\d+)(?:\.(\d+))?\s*$/.exec(text);
  if (!m) throw new TaskInputError(`"${text}" is not a number for ${format}`);
  const frac = m[2] ?? '';
  if (frac.length > decimals) throw new TaskInputError(`"${text}" has more than ${decimals} decimals`);
  const all = `${m[1]}${frac.padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '');
  if (all.length > digits) throw new TaskInputError(`"${text}" does not fit ${format}`);
  return digitsToBcd(all.padStart(digits, '0'), digits / 2);
}

export function authOf(spec: ItemSpec): WriteAuth {
  if (!spec.password || !spec.operator) {
    throw new TaskInputError('the data item has no write password/operator in the catalogue');
  }
  return { level: spec.passwordLevel, password: spec.password, operator: spec.operator };
}

export const diOf = (spec: ItemSpec) => {
  if (!spec.di) throw new TaskInputError('the data item has no data identifier');
  return Number.parseInt(spec.di, 16);
};

export const readFrame = (address: Address, spec: ItemSpec): Frame => readRequest(address, diOf(spec));
export const statusReadFrame = (address: Address): Frame => readRequest(address, DI.RUN_STATUS_3);

/** N1 of the relay command: 1A trip, 1B close allowed, 1C direct close. */
export function relayFrame(
  address: Address,
  spec: ItemSpec,
  validUntil: Date,
): { frame: Frame; trip: boolean } {
  const code = (spec.data ?? '').toUpperCase();
  const command =
    code === '1A' ? 'trip' : code === '1B' ? 'close-allowed' : code === '1C' ? 'direct-close' : null;
  if (!command) throw new TaskInputError(`relay command "${spec.data}" is not 1A, 1B or 1C`);
  return { frame: relayRequest(address, command, authOf(spec), validUntil), trip: command === 'trip' };
}

export const tokenFrame = (address: Address, spec: ItemSpec, token: string): Frame =>
  tokenRequest(address, token, authOf(spec));

export const writeFrame = (address: Address, spec: ItemSpec, value: string): Frame =>
  writeRequest(address, diOf(spec), authOf(spec), encodeValue(spec.format, value));

/** Clock synchronisation: the date (YYMMDDWW) then the time (hhmmss) written from the server clock. */
export function clockFrames(address: Address, spec: ItemSpec, at: Date): Frame[] {
  const p = (n: number) => String(n).padStart(2, '0');
  const yy = p(at.getFullYear() % 100);
  const date = `${yy}${p(at.getMonth() + 1)}${p(at.getDate())}${p(at.getDay())}`;
  const time = `${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}`;
  const auth = authOf(spec);
  return [
    writeRequest(address, DI.DATE, auth, digitsToBcd(date, 4)),
    writeRequest(address, DI.TIME, auth, digitsToBcd(time, 3)),
  ];
}
