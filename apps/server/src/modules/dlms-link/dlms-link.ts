import { type DlmsClient, DlmsClientError, type DlmsFailureKind } from '@prepay/dlms';
import type { Deps } from '../../deps.js';
import { type ProfileCapture, ProfileDataError } from './dlms-profile.js';
import { type DlmsSession, openSession } from './dlms-session.js';
import { type DlmsTaskDone, type DlmsTaskInput, runDlmsTask } from './dlms-task.js';

/** One task's run on a DLMS meter: what was exchanged after the association, and how it ended. */
export interface DlmsLinkResult {
  /** success, or the typed failure; `bad-data` is an answer in a shape the head-end cannot keep. */
  outcome: 'success' | DlmsFailureKind | 'refused-by-meter' | 'bad-data';
  value: string | null;
  detail: string;
  /** The DLMS result code of a meter error or association refusal. */
  resultCode: number | null;
  sent: string[];
  raw: string[];
}

/** The meter a capture came from. */
export interface CapturedMeter {
  meterId: string;
  stationId: string;
}

export interface DlmsLinkOptions {
  /** Associations open at once across all meters (each holds a TCP connection). */
  maxSessions: number;
  timeoutMs: number;
  /**
   * Keeps what a profile read captured (rows into the interval tables, events as alarms) and answers what
   * it kept, as the task shows it. Without it a profile read shows its row count and keeps nothing.
   * Throws ProfileDataError for rows it refuses (then nothing is kept).
   */
  keep?: (meter: CapturedMeter, capture: ProfileCapture) => Promise<string>;
}

/** A counting semaphore: at most `n` holders; the rest wait their turn in order. */
function limiter(n: number) {
  let free = n;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

function failureOf(e: unknown, session: DlmsSession | undefined): DlmsLinkResult {
  const trace = { sent: session?.channel.sent ?? [], raw: session?.channel.raw ?? [] };
  if (e instanceof ProfileDataError)
    return { outcome: 'bad-data', value: null, detail: e.message, resultCode: null, ...trace };
  if (e instanceof DlmsClientError)
    return { outcome: e.kind, value: null, detail: e.message, resultCode: e.resultCode ?? null, ...trace };
  return {
    outcome: 'bad-frame',
    value: null,
    detail: e instanceof Error ? e.message : String(e),
    resultCode: null,
    ...trace,
  };
}

/**
 * The head-end's DLMS transport: for each task, TCP to the meter's address, the wrapper, an association
 * as the meter's record says, the task's GET/SET/ACTION, release. A dropped link or a silent meter is a
 * typed failure of that task; nothing thrown escapes.
 */
export function createDlmsLink(deps: Deps, options: DlmsLinkOptions) {
  const limit = limiter(Math.max(1, options.maxSessions));
  /** The task on the meter, the association released before anything it captured is kept. */
  type Exchanged = { done: DlmsTaskDone; session: DlmsSession } | { failure: DlmsLinkResult };
  async function exchange(meterId: string, task: DlmsTaskInput): Promise<Exchanged> {
    return limit(async () => {
      let session: DlmsSession | undefined;
      try {
        session = await openSession(deps, meterId, options.timeoutMs);
        return { done: await runDlmsTask(session.client, task), session };
      } catch (e) {
        return { failure: failureOf(e, session) };
      } finally {
        await session?.end().catch(() => undefined);
      }
    });
  }
  async function kept(meter: CapturedMeter, r: DlmsTaskDone): Promise<DlmsTaskDone> {
    if (!r.capture || !options.keep) return r;
    return { ...r, value: await options.keep(meter, r.capture) };
  }
  async function run(meterId: string, task: DlmsTaskInput): Promise<DlmsLinkResult> {
    const x = await exchange(meterId, task);
    if ('failure' in x) return x.failure;
    const { sent, raw } = x.session.channel;
    try {
      const r = await kept({ meterId, stationId: x.session.stationId }, x.done);
      const outcome = r.ok ? 'success' : 'refused-by-meter';
      return { outcome, value: r.value, detail: r.detail, resultCode: null, sent, raw };
    } catch (e) {
      return failureOf(e, x.session);
    }
  }
  /**
   * Runs `fn` over an association to the meter (under the same limit of open associations) and releases
   * it. Nothing is recorded: a long exchange such as a firmware image would fill the memory with its blocks.
   * Failures to connect or associate are thrown as they come (DlmsClientError).
   */
  async function withSession<T>(meterId: string, fn: (client: DlmsClient) => Promise<T>): Promise<T> {
    return limit(async () => {
      const session = await openSession(deps, meterId, options.timeoutMs);
      session.channel.recording = false;
      try {
        return await fn(session.client);
      } finally {
        await session.end().catch(() => undefined);
      }
    });
  }
  return { run, withSession };
}
export type DlmsLink = ReturnType<typeof createDlmsLink>;
