import { connect, type Socket } from 'node:net';
import { type DlmsChannel, DlmsClientError } from './client-errors.js';
import { DLMS_PORT, encodeWrapper, WrapperStream } from './wrapper.js';

/**
 * The IEC 62056-47 wrapper over a TCP socket as a DlmsChannel: the head-end connecting to a listening
 * meter (connectWrapper), or a socket a meter dialled in on (new WrapperChannel(socket, …)). This file
 * does the I/O; every codec it uses is pure.
 */
export interface WrapperAddresses {
  /** Client wPort (the client SAP: 16 public client, 1 management…). */
  clientAddress: number;
  /** Server wPort (the logical device, 1 = management logical device). */
  serverAddress: number;
}

interface Pending {
  resolve: (apdu: Uint8Array) => void;
  reject: (e: DlmsClientError) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class WrapperChannel implements DlmsChannel {
  private readonly stream = new WrapperStream();
  private pending: Pending | undefined;
  private closed = false;

  constructor(
    readonly socket: Socket,
    private readonly addresses: WrapperAddresses,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(new Uint8Array(chunk)));
    socket.on('error', () => this.onClose());
    socket.on('close', () => this.onClose());
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  exchange(apdu: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new DlmsClientError('offline', 'the link to the meter is down'));
    if (this.pending) return Promise.reject(new DlmsClientError('bad-frame', 'a request is already waiting'));
    const { clientAddress: source, serverAddress: destination } = this.addresses;
    return new Promise((resolve, reject) => {
      // After a timeout the association's state is unknown and a late reply would answer the wrong
      // request: the link is dropped, and the next request finds it offline.
      const timer = setTimeout(() => {
        this.settle()?.reject(new DlmsClientError('timeout', `no reply in ${timeoutMs} ms`));
        this.close();
      }, timeoutMs);
      this.pending = { resolve, reject, timer };
      this.socket.write(encodeWrapper({ source, destination, apdu }));
    });
  }

  close(): void {
    this.onClose();
    this.socket.destroy();
  }

  private settle(): Pending | undefined {
    const p = this.pending;
    this.pending = undefined;
    if (p) clearTimeout(p.timer);
    return p;
  }

  private onData(chunk: Uint8Array): void {
    for (const frame of this.stream.push(chunk).frames) {
      const p = this.settle();
      if (!p) continue;
      const { clientAddress, serverAddress } = this.addresses;
      if (frame.source !== serverAddress || frame.destination !== clientAddress)
        p.reject(
          new DlmsClientError('bad-frame', `reply from wPort ${frame.source} to ${frame.destination}`),
        );
      else p.resolve(frame.apdu);
    }
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.settle()?.reject(new DlmsClientError('offline', 'the meter closed the link'));
  }
}

export interface ConnectOptions extends Partial<WrapperAddresses> {
  host: string;
  port?: number;
  connectTimeoutMs?: number;
}

/** Opens a TCP connection to a listening meter; rejects with `offline` when it cannot. */
export function connectWrapper(o: ConnectOptions): Promise<WrapperChannel> {
  const addresses = { clientAddress: o.clientAddress ?? 16, serverAddress: o.serverAddress ?? 1 };
  return new Promise((resolve, reject) => {
    const socket = connect({ host: o.host, port: o.port ?? DLMS_PORT });
    const fail = (why: string) => {
      socket.destroy();
      reject(new DlmsClientError('offline', why));
    };
    const timer = setTimeout(
      () => fail(`no connection in ${o.connectTimeoutMs ?? 5000} ms`),
      o.connectTimeoutMs ?? 5000,
    );
    socket.once('error', (e) => {
      clearTimeout(timer);
      fail(`cannot reach ${o.host}:${o.port ?? DLMS_PORT}: ${e.message}`);
    });
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      socket.setNoDelay(true);
      resolve(new WrapperChannel(socket, addresses));
    });
  });
}
