import { abnormalReply, ErrorWord, encodeFrame, type Frame } from '@prepay/dlt645';

/**
 * Field faults the fleet can play, per meter or per gateway: a slow or silent meter, a meter
 * that refuses everything, duplicate replies, a gateway gone offline, a dropped TCP link, replies cut
 * into small TCP segments, and corrupted checksums.
 */
export type Fault =
  | { kind: 'slow'; delayMs: number }
  | { kind: 'silent' }
  | { kind: 'deny'; errorWord?: number }
  | { kind: 'duplicate'; copies?: number }
  | { kind: 'offline' }
  | { kind: 'disconnect'; downMs?: number }
  | { kind: 'split'; maxChunk?: number }
  | { kind: 'bad-checksum' }
  | { kind: 'garbage'; bytes?: number }
  | { kind: 'relay-stuck' };

export type FaultKind = Fault['kind'];
export const FAULT_KINDS: readonly FaultKind[] = [
  'slow',
  'silent',
  'deny',
  'duplicate',
  'offline',
  'disconnect',
  'split',
  'bad-checksum',
  'garbage',
  'relay-stuck',
];

/** Faults that make sense on a gateway (what it carries); the rest belong to a meter. */
export const GATEWAY_FAULT_KINDS: readonly FaultKind[] = [
  'offline',
  'slow',
  'silent',
  'deny',
  'duplicate',
  'bad-checksum',
  'garbage',
];

export class FaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FaultError';
  }
}

/** Validates a fault given as JSON or CLI text; throws FaultError with the reason. */
export function parseFault(input: unknown): Fault {
  const v = typeof input === 'string' ? fromText(input) : input;
  if (typeof v !== 'object' || v === null) throw new FaultError('a fault is an object with a kind');
  const f = v as Record<string, unknown>;
  const num = (field: string, min: number, max: number): number | undefined => {
    const x = f[field];
    if (x === undefined) return undefined;
    if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) {
      throw new FaultError(`${String(f.kind)}.${field} must be an integer ${min}–${max}`);
    }
    return x;
  };
  const opt = <K extends string>(key: K, value: number | undefined) =>
    value === undefined ? {} : { [key]: value };
  switch (f.kind) {
    case 'slow':
      return { kind: 'slow', delayMs: num('delayMs', 0, 3_600_000) ?? 5000 };
    case 'silent':
    case 'offline':
    case 'bad-checksum':
    case 'relay-stuck':
      return { kind: f.kind };
    case 'garbage':
      return { kind: 'garbage', ...opt('bytes', num('bytes', 1, 64)) };
    case 'deny':
      return { kind: 'deny', ...opt('errorWord', num('errorWord', 0, 255)) };
    case 'duplicate':
      return { kind: 'duplicate', ...opt('copies', num('copies', 1, 10)) };
    case 'disconnect':
      return { kind: 'disconnect', ...opt('downMs', num('downMs', 0, 86_400_000)) };
    case 'split':
      return { kind: 'split', ...opt('maxChunk', num('maxChunk', 1, 64)) };
    default:
      throw new FaultError(`unknown fault kind ${JSON.stringify(f.kind)}; one of ${FAULT_KINDS.join(', ')}`);
  }
}

/** "slow:3000", "duplicate:2", "split:3", "disconnect:10000", "deny", "silent"… */
function fromText(text: string): Record<string, unknown> {
  const [kind, arg] = text.split(':');
  const n = arg === undefined ? undefined : Number(arg);
  const field = {
    slow: 'delayMs',
    deny: 'errorWord',
    duplicate: 'copies',
    disconnect: 'downMs',
    split: 'maxChunk',
    garbage: 'bytes',
  }[kind ?? ''];
  return field && n !== undefined ? { kind, [field]: n } : { kind };
}

/** How one reply leaves the meter once the faults on it are applied. */
export interface ReplyPlan {
  /** Encoded frames to send (empty: the meter stays silent). */
  frames: Uint8Array[];
  delayMs: number;
  /** Largest TCP segment, when the reply is to be cut up. */
  splitMaxChunk?: number;
}

export function planReply(request: Frame, reply: Frame | undefined, faults: readonly Fault[]): ReplyPlan {
  const find = <K extends FaultKind>(kind: K) =>
    faults.find((f): f is Extract<Fault, { kind: K }> => f.kind === kind);
  if (!reply || find('silent')) return { frames: [], delayMs: 0 };
  const deny = find('deny');
  const frame = deny ? abnormalReply(request, deny.errorWord ?? ErrorWord.OTHER) : reply;
  let bytes = encodeFrame(frame);
  const garbage = find('garbage');
  if (garbage) {
    // Line noise before the frame: the head-end's parser has to find the frame behind it.
    const noise = Uint8Array.from({ length: garbage.bytes ?? 8 }, () => Math.floor(Math.random() * 256));
    bytes = Uint8Array.from([...noise, ...bytes]);
  }
  if (find('bad-checksum')) {
    bytes = bytes.slice();
    const cs = bytes.length - 2;
    bytes[cs] = ((bytes[cs] ?? 0) + 1) & 0xff;
  }
  const duplicate = find('duplicate');
  const copies = 1 + (duplicate ? (duplicate.copies ?? 1) : 0);
  const split = find('split');
  return {
    frames: Array.from({ length: copies }, () => bytes),
    delayMs: find('slow')?.delayMs ?? 0,
    ...(split ? { splitMaxChunk: split.maxChunk ?? 3 } : {}),
  };
}
