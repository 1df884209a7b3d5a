import { createServer, type Server, type Socket } from 'node:net';
import { encodeWrapper, WrapperStream } from '@prepay/dlms';
import { CosemSession, type MeterSecurity } from './cosem-session.js';
import type { DlmsMeter } from './dlms-meter.js';

/**
 * A DLMS meter listening on TCP with the IEC 62056-47 wrapper (the head-end connects to it), one
 * association per connection. `mode` plays field faults: a meter that stops answering, or one that
 * answers from the wrong wPort.
 */
export interface DlmsListenerOptions {
  port?: number;
  host?: string;
  /** The meter's logical device wPort (1). */
  serverAddress?: number;
  security: MeterSecurity;
}

/** `drop-once`: the next request is not answered and its connection is closed; then back to normal. */
export type ListenerMode = 'normal' | 'mute' | 'wrong-port' | 'drop-once';

export interface DlmsListener {
  readonly port: number;
  mode: ListenerMode;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Bytes read and written on every connection so far (TCP payload): what the link carried. */
  readonly bytes: number;
  close(): Promise<void>;
}

export async function listenDlmsMeter(meter: DlmsMeter, o: DlmsListenerOptions): Promise<DlmsListener> {
  const sockets = new Set<Socket>();
  const serverAddress = o.serverAddress ?? 1;
  const state = { mode: 'normal' as ListenerMode, connections: 0, closedBytes: 0 };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    state.connections++;
    socket.on('close', () => {
      state.closedBytes += socket.bytesRead + socket.bytesWritten;
      sockets.delete(socket);
    });
    socket.on('error', () => socket.destroy());
    serve(socket, new CosemSession(meter, o.security), serverAddress, state);
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, o.host ?? '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    get mode() {
      return state.mode;
    },
    set mode(m: ListenerMode) {
      state.mode = m;
    },
    get connections() {
      return state.connections;
    },
    get bytes() {
      let open = 0;
      for (const s of sockets) open += s.bytesRead + s.bytesWritten;
      return state.closedBytes + open;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers the socket's frames in order: each reply is written before the next request is read. */
function serve(
  socket: Socket,
  session: CosemSession,
  serverAddress: number,
  state: { mode: ListenerMode },
): void {
  const stream = new WrapperStream();
  let chain = Promise.resolve();
  socket.on('data', (chunk: Buffer) => {
    for (const frame of stream.push(new Uint8Array(chunk)).frames) {
      if (frame.destination !== serverAddress) continue;
      chain = chain.then(async () => {
        if (state.mode === 'drop-once') {
          state.mode = 'normal';
          socket.destroy();
          return;
        }
        const reply = await session.handle(frame.apdu);
        if (!reply || state.mode === 'mute' || socket.destroyed) return;
        const source = state.mode === 'wrong-port' ? serverAddress + 1 : serverAddress;
        socket.write(encodeWrapper({ source, destination: frame.source, apdu: reply }));
      });
    }
  });
}
