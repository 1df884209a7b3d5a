import type { AttemptOutcome } from '@prepay/contracts';
import {
  type Address,
  decodeFrame,
  type Frame,
  FrameError,
  fromHex,
  hex,
  meterAddress,
  parseReply,
  TokenResult,
} from '@prepay/dlt645';
import type { ExchangeResult, HeadEnd } from '../../headend/types.js';
import type { DlmsLink } from '../dlms-link/index.js';
import { dlmsAttempt } from './task-dlms.js';
import {
  clockFrames,
  decodeValue,
  type ItemSpec,
  readFrame,
  relayFrame,
  relayOpenOf,
  relayText,
  statusReadFrame,
  TaskInputError,
  tokenFrame,
  writeFrame,
} from './task-frames.js';

/** A claimed task as the executor needs it. */
export interface RunnableTask {
  id: number;
  kind: 'reading' | 'setting' | 'control' | 'token' | 'transparent';
  meterId: string;
  spec: ItemSpec | null;
  request: string | null;
  sendFrame: string | null;
}

/** One attempt's record and what it means for the task. */
export interface AttemptResult {
  outcome: AttemptOutcome;
  /** success / failure now, or retry later (link trouble that may pass). */
  verdict: 'success' | 'failure' | 'retry';
  /** Frames sent and received in the attempt, in order (hex); null when none was. */
  sent: readonly string[] | null;
  raw: readonly string[] | null;
  value: string | null;
  errorWord: number | null;
  detail: string;
  transport: string | null;
  /** The task's data afterwards (the decoded value, the token, the frame received). */
  data: string | null;
}

type Step =
  | { ok: true; value: Uint8Array }
  | { ok: false; result: Omit<AttemptResult, 'sent' | 'raw' | 'transport'> };

const LINK: Record<string, { outcome: AttemptOutcome; retry: boolean }> = {
  offline: { outcome: 'offline', retry: false },
  timeout: { outcome: 'no-reply', retry: true },
  busy: { outcome: 'busy', retry: true },
  'bad-frame': { outcome: 'bad-frame', retry: true },
  'meter-error': { outcome: 'meter-error', retry: false },
};

type Trace = { sent: string[]; raw: string[]; transport: string | null };
type AttemptPart = Omit<AttemptResult, 'sent' | 'raw' | 'transport'>;
type ExchangeOpts = { timeoutMs: number } | undefined;

/** An attempt's result with the frames it exchanged so far. */
const withTrace = (trace: Trace, r: AttemptPart): AttemptResult => ({
  ...r,
  sent: trace.sent.length ? trace.sent : null,
  raw: trace.raw.length ? trace.raw : null,
  transport: trace.transport,
});

/** What a link failure (offline, no reply, busy, garbled) means for the attempt. */
function linkFailure(failure: string, detail: string): AttemptPart {
  const link = LINK[failure] ?? { outcome: 'no-reply', retry: true };
  return {
    outcome: link.outcome,
    verdict: link.retry ? 'retry' : 'failure',
    value: null,
    errorWord: null,
    detail: failure === 'offline' ? `offline: ${detail}` : detail || failure,
    data: null,
  };
}

const meterError = (word: number, words: string): AttemptPart => ({
  outcome: 'meter-error',
  verdict: 'failure',
  value: null,
  errorWord: word,
  detail: `meter error ${word.toString(16).padStart(2, '0').toUpperCase()}${words ? `: ${words}` : ''}`,
  data: null,
});

const success = (value: string | null, data: string | null, detail = 'success'): AttemptPart => ({
  outcome: 'success',
  verdict: 'success',
  value,
  errorWord: null,
  detail,
  data,
});

/** One exchange, its frames recorded in the trace. */
async function exchange(headEnd: HeadEnd, opts: ExchangeOpts, trace: Trace, meterId: string, frame: Frame) {
  const r: ExchangeResult = await headEnd.exchange(meterId, frame, opts);
  if (r.sent) trace.sent.push(hex(r.sent));
  if (r.raw) trace.raw.push(hex(r.raw));
  if (r.ok) trace.transport = r.transport;
  return r;
}

/** Hex in, hex out: the operator's frame goes out as typed; whatever the meter answers comes back raw. */
async function transparent(headEnd: HeadEnd, opts: ExchangeOpts, trace: Trace, t: RunnableTask) {
  const frame = decodeFrame(fromHex(t.sendFrame ?? ''));
  const r = await exchange(headEnd, opts, trace, t.meterId, frame);
  if (r.ok || r.raw) {
    const received = r.raw ? hex(r.raw) : null;
    return success(received, received, r.ok ? 'success' : r.detail);
  }
  return linkFailure(r.failure, r.detail);
}

/** The steps of a task of a known data item, by kind. */
async function itemTask(task: RunnableTask, step: StepFn): Promise<AttemptPart> {
  const spec = task.spec;
  if (!spec) throw new TaskInputError('the task has no data item');
  const address = meterAddress(task.meterId);
  switch (task.kind) {
    case 'reading': {
      const s = await step(readFrame(address, spec));
      if (!s.ok) return s.result;
      const value = decodeValue(spec, s.value);
      return success(value, value);
    }
    case 'setting':
      return setting(address, spec, task.request ?? '', step);
    case 'control':
      return control(address, spec, step, new Date());
    case 'token':
      return token(address, spec, task.request ?? '', step);
    default:
      throw new TaskInputError(`unknown task kind ${task.kind}`);
  }
}

/**
 * Runs one attempt of a task: one or more exchanges with the meter through the head-end.
 * Times stamped into frames (relay validity, clock synchronisation) are compared with the meter's own
 * clock, so they come from the wall clock, not the app's injectable one.
 */
export function createExecutor(headEnd: HeadEnd, opts: { timeoutMs: number }, dlms?: DlmsLink) {
  const exchangeOpts = opts.timeoutMs > 0 ? { timeoutMs: opts.timeoutMs } : undefined;
  async function run(task: RunnableTask): Promise<AttemptResult> {
    if (task.spec?.dlms) return dlmsAttempt(dlms, task);
    const trace: Trace = { sent: [], raw: [], transport: null };
    /** One exchange; a reply that is not a normal answer ends the attempt. */
    const step: StepFn = async (frame) => {
      const r = await exchange(headEnd, exchangeOpts, trace, task.meterId, frame);
      if (r.ok) {
        const reply = parseReply(frame, r.reply);
        if (reply.ok) return { ok: true, value: reply.value };
        return { ok: false, result: meterError(reply.errorWord, reply.errors.join(', ')) };
      }
      if (r.failure === 'meter-error') return { ok: false, result: meterError(r.errorWord ?? 0, r.detail) };
      return { ok: false, result: linkFailure(r.failure, r.detail) };
    };
    try {
      if (task.kind === 'transparent')
        return withTrace(trace, await transparent(headEnd, exchangeOpts, trace, task));
      return withTrace(trace, await itemTask(task, step));
    } catch (e) {
      const detail = e instanceof TaskInputError || e instanceof FrameError ? e.message : String(e);
      return withTrace(trace, {
        outcome: 'bad-frame',
        verdict: 'failure',
        value: null,
        errorWord: null,
        detail,
        data: null,
      });
    }
  }
  return { run };
}

type StepFn = (frame: Frame) => Promise<Step>;

async function setting(address: Address, spec: ItemSpec, value: string, step: StepFn): Promise<AttemptPart> {
  if (spec.analysisFormat === 'clock') {
    const at = new Date();
    for (const frame of clockFrames(address, spec, at)) {
      const s = await step(frame);
      if (!s.ok) return s.result;
    }
    const text = at.toISOString().slice(0, 19).replace('T', ' ');
    return success(text, text);
  }
  const s = await step(writeFrame(address, spec, value));
  if (!s.ok) return s.result;
  return success(value, value);
}

/** Switch On/Off, then status word 3 read back: the task succeeds only if the relay really moved. */
async function control(address: Address, spec: ItemSpec, step: StepFn, now: Date): Promise<AttemptPart> {
  const { frame, trip } = relayFrame(address, spec, new Date(now.getTime() + 10 * 60_000));
  const s = await step(frame);
  if (!s.ok) return s.result;
  const status = await step(statusReadFrame(address));
  if (!status.ok) return status.result;
  const text = relayText(status.value);
  if (relayOpenOf(status.value) === trip) return success(text, text);
  return {
    outcome: 'meter-error',
    verdict: 'failure',
    value: text,
    errorWord: null,
    detail: `the meter accepted the command but status word 3 says ${text}`,
    data: text,
  };
}

async function token(address: Address, spec: ItemSpec, digits: string, step: StepFn): Promise<AttemptPart> {
  const s = await step(tokenFrame(address, spec, digits));
  if (!s.ok) return s.result;
  const code = s.value[0];
  if (code === TokenResult.ACCEPTED) return success('accepted', digits, 'accepted');
  // The meter has this token already: delivered before (by us or at the keypad), so the credit is there.
  if (code === TokenResult.USED) return success('already accepted', digits, 'already accepted');
  if (code === TokenResult.KEY_CHANGE_PENDING)
    return success('key change: first token accepted', digits, 'accepted');
  const word = code === TokenResult.OLD ? 'old' : 'rejected';
  return {
    outcome: 'meter-error',
    verdict: 'failure',
    value: word,
    errorWord: null,
    detail: `token ${word}`,
    data: digits,
  };
}
