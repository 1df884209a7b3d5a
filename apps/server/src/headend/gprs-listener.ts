import net from 'node:net';
import { FrameStream } from '@prepay/dlt645';
import type { ExchangeEngine, MeterTransport } from './exchange.js';
import type { LinkRegistry } from './link-registry.js';
import type { LinkState } from './link-state.js';
import type { MeterDirectory, MeterEntry } from './meter-directory.js';
import type { NoisyInputLog } from './noisy-input.js';
import type { Log } from './types.js';

const ADDRESS_LENGTH = 12;
/** A socket that has not registered within this time is dropped (garbage, scanners, half-open). */
const REGISTRATION_MS = 15_000;

interface Link {
  socket: net.Socket;
  meterId?: string;
  /** The registered 12-digit address. */
  address?: string;
  /** Registration bytes received so far (ASCII digits). */
  registration: string;
  stream?: FrameStream;
  openedAt: number;
  lastHeard: number;
}

export interface GprsOptions {
  host: string;
  port: number;
  heartbeatSeconds: number;
  timeoutMs: number;
  directory: MeterDirectory;
  state: LinkState;
  log: Log;
  noisy: NoisyInputLog;
  /** Tells the other head-end processes which meters dialled in here. */
  registry?: LinkRegistry;
}

/**
 * GPRS meters and DTUs dialling in (protocols.md §2.3): the socket opens with the meter's 12-digit
 * address in ASCII, a lone FE is a heartbeat, then raw DL/T 645 frames both ways. A new registration
 * for the same address replaces the old link; three heartbeat periods of silence take the meter offline.
 */
export class GprsListener implements MeterTransport {
  readonly kind = 'gprs' as const;
  readonly preamble = 4;
  readonly timeoutMs: number;
  private readonly server: net.Server;
  private readonly links = new Map<string, Link>();
  private readonly sockets = new Set<Link>();
  private sweeper: NodeJS.Timeout | undefined;
  private engine: ExchangeEngine | undefined;

  constructor(private readonly opts: GprsOptions) {
    this.timeoutMs = opts.timeoutMs;
    this.server = net.createServer((socket) => this.accept(socket));
    this.server.on('error', (err) => opts.log.error({ err }, 'head-end: TCP listener error'));
  }

  attach(engine: ExchangeEngine) {
    this.engine = engine;
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.opts.port, this.opts.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const period = Math.min(1_000, (this.opts.heartbeatSeconds * 1000) / 4);
    this.sweeper = setInterval(() => this.sweep(), period);
    this.sweeper.unref();
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : this.opts.port;
  }

  /** Registered links (meters currently dialled in). */
  get linkCount(): number {
    return this.links.size;
  }

  reachable(meter: MeterEntry): boolean {
    return this.links.has(meter.meterId);
  }

  send(meter: MeterEntry, bytes: Uint8Array) {
    const link = this.links.get(meter.meterId);
    if (!link || link.socket.destroyed)
      return { ok: false as const, detail: `meter ${meter.meterId} is not dialled in` };
    link.socket.write(bytes);
    return { ok: true as const };
  }

  private accept(socket: net.Socket) {
    const link: Link = { socket, registration: '', openedAt: Date.now(), lastHeard: Date.now() };
    this.sockets.add(link);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(link, chunk));
    socket.on('error', (err) =>
      this.opts.log.debug({ err: err.message, meterId: link.meterId }, 'head-end: socket error'),
    );
    socket.on('close', () => this.closed(link));
  }

  private receive(link: Link, chunk: Buffer) {
    link.lastHeard = Date.now();
    if (link.stream) return this.frames(link, chunk);
    if (link.registration === 'pending') return; // waiting for the directory; the meter waits for its turn too
    let i = 0;
    for (; i < chunk.length && link.registration.length < ADDRESS_LENGTH; i++) {
      const b = chunk[i] ?? 0;
      if (b === 0xfe && link.registration.length === 0) continue; // heartbeat before registering
      if (b < 0x30 || b > 0x39) {
        this.opts.noisy('bad registration', { remote: link.socket.remoteAddress, byte: b });
        link.socket.destroy();
        return;
      }
      link.registration += String.fromCharCode(b);
    }
    if (link.registration.length === ADDRESS_LENGTH) {
      const address = link.registration;
      link.registration = 'pending';
      void this.register(link, address, chunk.subarray(i));
    }
  }

  private async register(link: Link, address: string, rest: Uint8Array) {
    const meter = await this.opts.directory.byMeterAddress(address).catch(() => undefined);
    if (link.socket.destroyed) return;
    if (!meter) {
      this.opts.noisy('unknown meter address refused', { address, remote: link.socket.remoteAddress });
      link.socket.destroy();
      return;
    }
    link.meterId = meter.meterId;
    link.address = address;
    link.stream = new FrameStream({ maxBuffer: 2048 });
    const previous = this.links.get(meter.meterId);
    this.links.set(meter.meterId, link);
    if (previous && previous !== link) {
      this.opts.log.info({ meterId: meter.meterId }, 'head-end: meter re-registered, old link replaced');
      previous.socket.destroy();
    }
    this.opts.state.meterSeen(meter.meterId, 'gprs');
    this.opts.registry?.linked(meter.meterId, 'gprs');
    if (rest.length > 0) this.frames(link, rest);
  }

  private frames(link: Link, chunk: Uint8Array) {
    const meterId = link.meterId;
    if (!meterId || !link.stream) return;
    this.opts.state.meterSeen(meterId, 'gprs');
    const { frames, discarded } = link.stream.push(chunk);
    if (discarded > 0) this.opts.noisy('garbage on a GPRS link', { meterId, discarded }, 'debug');
    for (const { frame, raw } of frames) {
      if (frame.address !== link.address) {
        this.opts.noisy(
          'frame from another address on a GPRS link',
          { meterId, address: frame.address },
          'debug',
        );
      }
      this.engine?.onFrame(meterId, frame, raw, 'gprs');
    }
  }

  private closed(link: Link) {
    this.sockets.delete(link);
    if (link.meterId && this.links.get(link.meterId) === link) {
      this.links.delete(link.meterId);
      this.opts.state.meterOffline(link.meterId, 'gprs');
      this.opts.registry?.unlinked(link.meterId);
    }
  }

  private sweep() {
    const now = Date.now();
    const silence = this.opts.heartbeatSeconds * 3_000;
    for (const link of this.sockets) {
      if (!link.meterId && now - link.openedAt > REGISTRATION_MS) link.socket.destroy();
      else if (link.meterId && now - link.lastHeard > silence) {
        this.opts.log.info({ meterId: link.meterId }, 'head-end: GPRS link silent for 3 heartbeats, dropped');
        link.socket.destroy();
      }
    }
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const link of this.sockets) link.socket.destroy();
    await closed;
  }
}
