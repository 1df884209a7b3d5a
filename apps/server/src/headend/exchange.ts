import { encodeFrame, type Frame, isAbnormal, matchesRequest, parseReply } from '@prepay/dlt645';
import type { LinkState } from './link-state.js';
import type { MeterDirectory, MeterEntry } from './meter-directory.js';
import type { NoisyInputLog } from './noisy-input.js';
import type { ExchangeResult, LinkFailure, Log, Transport } from './types.js';

/** A way to a meter. `send` answers a reference (e.g. the downlink id) or why it could not send. */
export interface MeterTransport {
  readonly kind: Transport;
  send(
    meter: MeterEntry,
    bytes: Uint8Array,
  ): { ok: true; ref?: string; gatewayId?: string } | { ok: false; detail: string };
  /** Whether this transport can reach the meter now (GPRS: a registered socket; LoRaWAN: heard, gateway up). */
  reachable(meter: MeterEntry): boolean;
  /** LoRaWAN meters go without a preamble (airtime); DTUs expect the usual FE FE FE FE. */
  readonly preamble: number;
  readonly timeoutMs: number;
  /** The exchange that sent `ref` is over. */
  forget?(ref: string): void;
}

interface Pending {
  request: Frame;
  sent: Uint8Array;
  transport: Transport;
  ref?: string;
  gatewayId?: string;
  settle: (result: ExchangeResult) => void;
}

interface Channel {
  tail: Promise<unknown>;
  queued: number;
  pending?: Pending;
}

const MAX_QUEUED_PER_METER = 64;

/**
 * One request at a time per meter: requests queue on the meter's channel; a reply completes the
 * pending request only when it matches it (address + function + DI), so late replies to a request
 * that already timed out, duplicates and a meter's own reports are dropped, not mistaken for answers.
 */
export class ExchangeEngine {
  private readonly channels = new Map<string, Channel>();
  private closed = false;

  constructor(
    private readonly directory: MeterDirectory,
    private readonly state: LinkState,
    private readonly transports: MeterTransport[],
    private readonly log: Log,
    private readonly noisy: NoisyInputLog,
  ) {}

  exchange(meterId: string, request: Frame, opts?: { timeoutMs?: number }): Promise<ExchangeResult> {
    let ch = this.channels.get(meterId);
    if (!ch) {
      ch = { tail: Promise.resolve(), queued: 0 };
      this.channels.set(meterId, ch);
    }
    if (ch.queued >= MAX_QUEUED_PER_METER) {
      return Promise.resolve(fail('busy', `${ch.queued} requests already queued for meter ${meterId}`));
    }
    const channel = ch;
    channel.queued++;
    const run = channel.tail.then(() => this.attempt(meterId, channel, request, opts?.timeoutMs));
    channel.tail = run.catch(() => undefined);
    return run.finally(() => {
      channel.queued--;
      if (channel.queued === 0 && this.channels.get(meterId) === channel) this.channels.delete(meterId);
    });
  }

  private pickTransport(meter: MeterEntry): MeterTransport | undefined {
    const live = this.state.meter(meter.meterId);
    const preferred: Transport =
      live.online && live.transport ? live.transport : meter.communicationWay === 0 ? 'gprs' : 'lorawan';
    const ordered = [...this.transports].sort(
      (a, b) => Number(b.kind === preferred) - Number(a.kind === preferred),
    );
    return ordered.find((t) => t.reachable(meter));
  }

  private async attempt(
    meterId: string,
    ch: Channel,
    request: Frame,
    timeoutMs?: number,
  ): Promise<ExchangeResult> {
    if (this.closed) return fail('offline', 'the head-end is closing');
    const meter = await this.directory.byMeterId(meterId);
    if (!meter) return fail('offline', `meter ${meterId} is not registered`);
    const transport = this.pickTransport(meter);
    if (!transport) return fail('offline', `meter ${meterId} has no live link`);
    let sent: Uint8Array;
    try {
      sent = encodeFrame(request, { preamble: transport.preamble });
    } catch (e) {
      return fail('bad-frame', `request cannot be encoded: ${(e as Error).message}`);
    }
    return new Promise<ExchangeResult>((resolve) => {
      const wait = timeoutMs ?? transport.timeoutMs;
      const timer = setTimeout(() => {
        this.log.debug({ meterId, transport: transport.kind }, 'head-end: no reply in time');
        if (pending.gatewayId) this.state.gatewayMissed(pending.gatewayId);
        finish(fail('timeout', `no reply from meter ${meterId} within ${wait} ms`, { sent }));
      }, wait);
      const finish = (result: ExchangeResult) => {
        clearTimeout(timer);
        if (ch.pending === pending) ch.pending = undefined;
        if (pending.ref) transport.forget?.(pending.ref);
        resolve(result);
      };
      const pending: Pending = { request, sent, transport: transport.kind, settle: finish };
      ch.pending = pending;
      const outcome = transport.send(meter, sent);
      if (!outcome.ok) return finish(fail('offline', outcome.detail, { sent }));
      pending.ref = outcome.ref;
      pending.gatewayId = outcome.gatewayId;
    });
  }

  /** A frame from a meter, on any transport. */
  onFrame(meterId: string, frame: Frame, raw: Uint8Array, transport: Transport) {
    const pending = this.channels.get(meterId)?.pending;
    if (!pending || !matchesRequest(pending.request, frame)) {
      this.log.debug(
        { meterId, transport, control: frame.control },
        'head-end: frame matches no pending request',
      );
      return;
    }
    const { sent } = pending;
    if (isAbnormal(frame.control)) {
      const parsed = safeParse(pending.request, frame);
      const errorWord = parsed && !parsed.ok ? parsed.errorWord : undefined;
      return pending.settle({
        ok: false,
        failure: 'meter-error',
        sent,
        raw,
        reply: frame,
        errorWord,
        detail: parsed && !parsed.ok ? `meter refused: ${parsed.errors.join(', ')}` : 'meter refused',
      });
    }
    pending.settle({ ok: true, sent, raw, reply: frame, transport });
  }

  /** The meter sent something for the pending request that is not a frame. */
  onBadFrame(meterId: string, raw: Uint8Array, detail: string) {
    const pending = this.channels.get(meterId)?.pending;
    if (!pending) return;
    pending.settle({ ok: false, failure: 'bad-frame', sent: pending.sent, raw, detail });
  }

  /** The network could not deliver the request (e.g. ChirpStack logged a downlink error for it). */
  onSendFailed(meterId: string, ref: string, detail: string) {
    const pending = this.channels.get(meterId)?.pending;
    if (!pending || pending.ref !== ref) {
      this.noisy('delivery failure for no pending request', { meterId, ref, detail }, 'debug');
      return;
    }
    pending.settle({ ok: false, failure: 'offline', sent: pending.sent, detail });
  }

  /** Whether a request to this meter waits for its answer here. */
  waiting(meterId: string): boolean {
    return this.channels.get(meterId)?.pending !== undefined;
  }

  /** The pending request's downlink reference, if any (transports use it to route acks). */
  pendingRef(meterId: string): string | undefined {
    return this.channels.get(meterId)?.pending?.ref;
  }

  /** Every waiting request fails as offline (the head-end is closing). */
  abortAll(detail: string) {
    this.closed = true;
    for (const ch of this.channels.values())
      ch.pending?.settle(fail('offline', detail, { sent: ch.pending.sent }));
  }
}

function safeParse(request: Frame, reply: Frame) {
  try {
    return parseReply(request, reply);
  } catch {
    return undefined;
  }
}

function fail(failure: LinkFailure, detail: string, extra: { sent?: Uint8Array } = {}): ExchangeResult {
  return { ok: false, failure, detail, ...extra };
}
