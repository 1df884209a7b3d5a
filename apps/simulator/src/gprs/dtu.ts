import { connect, type Socket } from 'node:net';
import { FrameStream } from '@prepay/dlt645';
import type { FleetCore, SimMeter } from '../core.js';
import type { ReplyPlan } from '../faults.js';
import { Timers } from '../timers.js';

/**
 * GPRS meters dialling in as DTUs do (protocols.md §2.3): open a TCP socket to the head-end, send the
 * 12-digit address in ASCII as the registration packet, a single FE byte as the heartbeat, and carry
 * raw DL/T 645 frames both ways; redial with back-off when the link drops. No per-link timer: the
 * fleet's one ticker drives heartbeats and redials, so ten thousand links cost one timer.
 */

export interface DtuOptions {
  host: string;
  port: number;
  heartbeatMs: number;
  /** First redial delay; doubles up to maxBackoffMs, with ±20 % jitter. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Dials in flight at once: ten thousand meters start without a SYN storm. */
  maxConnecting: number;
}

type LinkState = 'idle' | 'connecting' | 'up' | 'waiting';

export class DtuLink {
  state: LinkState = 'idle';
  socket: Socket | undefined;
  stream = new FrameStream();
  nextHeartbeatAt = 0;
  redialAt = 0;
  failures = 0;
  connects = 0;
  /** Replies being written in pieces: a DTU only beats when idle, never inside a frame. */
  splitWrites = 0;
  constructor(readonly meter: SimMeter) {}
}

export class DtuRole {
  readonly links: DtuLink[] = [];
  private readonly byMeter = new Map<SimMeter, DtuLink>();
  private connecting = 0;
  private readonly timers = new Timers();
  private readonly waiters = new Set<() => void>();
  private lastDialError: string | undefined;
  dialFailures = 0;

  constructor(
    private readonly core: FleetCore,
    private readonly options: DtuOptions,
    meters: Iterable<SimMeter>,
  ) {
    for (const m of meters) {
      const link = new DtuLink(m);
      this.links.push(link);
      this.byMeter.set(m, link);
    }
  }

  link(meter: SimMeter): DtuLink | undefined {
    return this.byMeter.get(meter);
  }

  /** Kept as a count: checking readiness after each of ten thousand connects must not walk every link. */
  private up = 0;

  get linksUp(): number {
    return this.up;
  }

  private setState(link: DtuLink, state: LinkState): void {
    if (link.state === 'up' && state !== 'up') this.up--;
    if (link.state !== 'up' && state === 'up') this.up++;
    link.state = state;
  }

  /** Resolves when every link is registered (or at once when there are none). */
  allUp(): Promise<void> {
    if (this.linksUp === this.links.length) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (this.linksUp === this.links.length) {
          this.waiters.delete(check);
          resolve();
        }
      };
      this.waiters.add(check);
    });
  }

  /** Called by the fleet ticker: dials, redials and heartbeats that are due. */
  tick(now: number): void {
    if (this.timers.stopped) return;
    for (const link of this.links) {
      if (link.state === 'up' && now >= link.nextHeartbeatAt && link.splitWrites === 0) {
        link.nextHeartbeatAt = now + this.options.heartbeatMs;
        link.socket?.write(HEARTBEAT);
      } else if (
        (link.state === 'idle' || (link.state === 'waiting' && now >= link.redialAt)) &&
        this.connecting < this.options.maxConnecting
      ) {
        this.dial(link);
      }
    }
  }

  private dial(link: DtuLink): void {
    let socket: Socket;
    try {
      socket = connect({ host: this.options.host, port: this.options.port });
    } catch (e) {
      // A bad host or port throws at once: count it like a refused dial and back off.
      this.dialFailed(e instanceof Error ? e.message : String(e));
      this.scheduleRedial(link, false);
      return;
    }
    this.setState(link, 'connecting');
    this.connecting++;
    link.socket = socket;
    link.stream = new FrameStream();
    let opened = false;
    socket.setNoDelay(true);
    socket.once('connect', () => {
      opened = true;
      this.connecting--;
      this.setState(link, 'up');
      link.connects++;
      // Spread the heartbeats over the period so ten thousand links do not beat in step.
      link.nextHeartbeatAt = Date.now() + Math.floor(Math.random() * this.options.heartbeatMs);
      socket.write(link.meter.model.config.address, 'ascii');
      this.lastDialError = undefined;
      if (link.connects > 1)
        this.core.log('gprs-reconnected', { meterId: link.meter.spec.meterId, connects: link.connects });
      for (const w of [...this.waiters]) w();
    });
    socket.on('data', (chunk) => this.onData(link, socket, chunk));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (!opened) this.dialFailed(e.code ?? e.message);
    });
    socket.once('close', () => {
      if (!opened) this.connecting--;
      if (link.socket !== socket) return;
      link.socket = undefined;
      if (this.timers.stopped) {
        this.setState(link, 'idle');
        return;
      }
      this.scheduleRedial(link, opened);
    });
  }

  /** Failed dials are counted, and logged once per kind of error, not once per meter. */
  private dialFailed(reason: string): void {
    this.dialFailures++;
    if (reason === this.lastDialError) return;
    this.lastDialError = reason;
    const { host, port } = this.options;
    this.core.log('gprs-dial-failed', {
      headEnd: `${host}:${port}`,
      reason,
      note: 'meters keep redialling with back-off',
    });
  }

  private scheduleRedial(link: DtuLink, wasUp: boolean, atLeastMs = 0): void {
    link.failures++;
    const backoff = Math.min(
      this.options.maxBackoffMs,
      this.options.backoffMs * 2 ** Math.min(link.failures - 1, 16),
    );
    const delay = Math.max(atLeastMs, Math.floor(backoff * (0.8 + Math.random() * 0.4)));
    this.setState(link, 'waiting');
    link.redialAt = Date.now() + delay;
    if (wasUp) this.core.log('gprs-link-down', { meterId: link.meter.spec.meterId, redialInMs: delay });
  }

  private onData(link: DtuLink, socket: Socket, chunk: Buffer): void {
    // The head-end talks to us: the link works, so the next drop starts the back-off afresh. (A link the
    // head-end accepts and closes at once — an unknown address — keeps backing off to the maximum.)
    link.failures = 0;
    const { frames } = link.stream.push(chunk);
    for (const { frame } of frames) {
      const plan = this.core.answer(link.meter, frame);
      if (plan.frames.length > 0) this.send(link, socket, plan);
    }
  }

  private send(link: DtuLink, socket: Socket, plan: ReplyPlan): void {
    const write = () => {
      if (socket.destroyed) return;
      for (const bytes of plan.frames) {
        if (plan.splitMaxChunk) this.writeSplit(link, socket, bytes, plan.splitMaxChunk);
        else socket.write(bytes);
      }
    };
    if (plan.delayMs > 0) this.timers.later(plan.delayMs, write);
    else write();
  }

  /** The reply cut into random small segments a few milliseconds apart, as a slow radio link delivers it. */
  private writeSplit(link: DtuLink, socket: Socket, bytes: Uint8Array, maxChunk: number): void {
    let at = 0;
    link.splitWrites++;
    const next = () => {
      if (socket.destroyed || at >= bytes.length) {
        link.splitWrites--;
        return;
      }
      const size = 1 + Math.floor(Math.random() * maxChunk);
      socket.write(bytes.subarray(at, at + size));
      at += size;
      if (at < bytes.length) this.timers.later(5, next);
      else link.splitWrites--;
    };
    next();
  }

  /** Drops the meter's link now; it redials after its back-off (or not before `downMs`). */
  disconnect(meter: SimMeter, downMs = 0): boolean {
    const link = this.byMeter.get(meter);
    if (!link) return false;
    const socket = link.socket;
    link.socket = undefined;
    socket?.destroy();
    this.scheduleRedial(link, link.state === 'up', downMs);
    this.core.log('gprs-disconnected', { meterId: meter.spec.meterId, downMs });
    return true;
  }

  async stop(): Promise<void> {
    this.timers.stop();
    const closing: Promise<void>[] = [];
    for (const link of this.links) {
      const s = link.socket;
      if (!s || s.destroyed) continue;
      closing.push(new Promise((resolve) => s.once('close', () => resolve())));
      s.destroy();
    }
    await Promise.all(closing);
  }
}

const HEARTBEAT = Uint8Array.of(0xfe);
