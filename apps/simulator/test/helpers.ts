import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Frame, FrameStream } from '@prepay/dlt645';
import mqtt, { type MqttClient } from 'mqtt';

/** The value, or a test failure naming what was missing (instead of a non-null assertion). */
export function must<T>(value: T | undefined | null, what = 'a value'): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}`);
  return value;
}

/** Polls `probe` until it returns a truthy value or the deadline passes (then throws `what`). */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A free TCP port on 127.0.0.1 (for the broker, which cannot report an ephemeral one). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const address = s.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Debian's mosquitto on an ephemeral port with a throw-away config. */
export async function startMosquitto(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sim-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const child: ChildProcess = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
  // Ready when a client can connect.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 1000 });
      c.once('connect', () => c.end(true, () => resolve(true)));
      c.once('error', () => c.end(true, () => resolve(false)));
    });
    if (ok) break;
    if (Date.now() > deadline) throw new Error('mosquitto did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Received {
  topic: string;
  body: Record<string, unknown>;
  retain: boolean;
}

/** An MQTT client that records every message on `topics`. */
export async function recorder(
  url: string,
  topics: string[],
): Promise<{ client: MqttClient; messages: Received[] }> {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  const messages: Received[] = [];
  client.on('message', (topic, payload, packet) => {
    messages.push({ topic, body: JSON.parse(payload.toString('utf8')), retain: packet.retain });
  });
  await client.subscribeAsync(topics);
  return { client, messages };
}

/** One DTU connection as the head-end sees it. */
export interface DtuConnection {
  socket: Socket;
  registration: string;
  heartbeats: number;
  dataEvents: number;
  frames: Frame[];
  closed: boolean;
}

/** A bare TCP listener standing in for the head-end's DTU port: records registrations, heartbeats, frames. */
export class DtuListener {
  readonly connections: DtuConnection[] = [];
  private server: Server = createServer((socket) => this.accept(socket));
  port = 0;

  async listen(port = 0): Promise<void> {
    await new Promise<void>((r) => this.server.listen(port, '127.0.0.1', () => r()));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  private accept(socket: Socket): void {
    const c: DtuConnection = {
      socket,
      registration: '',
      heartbeats: 0,
      dataEvents: 0,
      frames: [],
      closed: false,
    };
    this.connections.push(c);
    const stream = new FrameStream();
    socket.on('data', (chunk) => {
      let rest = chunk;
      if (c.registration.length < 12) {
        const take = Math.min(12 - c.registration.length, rest.length);
        c.registration += rest.subarray(0, take).toString('ascii');
        rest = rest.subarray(take);
      }
      if (rest.length === 0) return;
      // A lone FE between frames is a heartbeat; the stream skips it like a preamble byte. (A lone FE can
      // also be the last piece of a split reply, so it is still parsed.)
      if (rest.length === 1 && rest[0] === 0xfe) c.heartbeats++;
      else c.dataEvents++;
      for (const { frame } of stream.push(rest).frames) c.frames.push(frame);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      c.closed = true;
    });
  }

  /** The newest open connection registered as `address`. */
  link(address: string): DtuConnection | undefined {
    return this.connections.filter((c) => c.registration === address && !c.closed).at(-1);
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.socket.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
