import net from 'node:net';
import {
  bcdEncode,
  DI,
  encodeFrame,
  type Frame,
  FrameStream,
  normalReply,
  parseReply,
  readRequest,
} from '@prepay/dlt645';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadEndService } from '../src/headend/head-end.js';
import { createTestApp, type TestApp } from './harness.js';
import {
  appWithHeadend,
  headendOf,
  headendTestConfig,
  insertMeters,
  type startMosquitto,
  until,
} from './headend-fixture.js';

const METER = '47100000029';
const ADDRESS = '047100000029';
const QUIET = '47100000037';

/** A GPRS meter / DTU played by the test: a real socket to the head-end's listener. */
class DialIn {
  readonly socket: net.Socket;
  readonly requests: Frame[] = [];
  private readonly stream = new FrameStream();
  closed = false;

  constructor(port: number, address: string, opts: { split?: boolean } = {}) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => {
      for (const { frame } of this.stream.push(chunk).frames) this.requests.push(frame);
    });
    this.socket.on('close', () => {
      this.closed = true;
    });
    this.socket.on('error', () => undefined);
    if (opts.split) {
      // The registration may arrive in pieces.
      this.socket.write(address.slice(0, 5));
      setImmediate(() => this.socket.write(address.slice(5)));
    } else this.socket.write(address);
  }

  answer(request: Frame, payload: Uint8Array) {
    this.socket.write(encodeFrame(normalReply(request, payload), { preamble: 2 }));
  }
}

let broker: Awaited<ReturnType<typeof startMosquitto>>;
let t: TestApp;
let headend: HeadEndService;
let port: number;

beforeAll(async () => {
  ({ broker, t, headend } = await appWithHeadend());
  await insertMeters(t, [
    { meterId: METER, communicationWay: 0 },
    { meterId: QUIET, communicationWay: 0 },
  ]);
  await headend.refreshMeters();
  port = headend.gprsPort ?? 0;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await broker?.stop();
});

describe('head-end over GPRS/DTU TCP (real sockets)', () => {
  it('a meter registers (split registration), answers a read, reconnects and the new link replaces the old', async () => {
    const first = new DialIn(port, ADDRESS, { split: true });
    await until('registered', () => headend.linkState(METER).online);
    expect(headend.linkState(METER).transport).toBe('gprs');
    first.socket.write(Uint8Array.of(0xfe)); // a heartbeat gets no answer and harms nothing

    const request = readRequest(ADDRESS, DI.FORWARD_ACTIVE_TOTAL);
    const pending = headend.exchange(METER, request);
    const seen = await until('the request on the socket', () => first.requests.shift());
    expect(seen).toEqual(request);
    first.answer(seen, bcdEncode(4_567_89, 4));
    const result = await pending;
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.transport).toBe('gprs');
      const parsed = parseReply(request, result.reply);
      expect(parsed.ok && Array.from(parsed.value)).toEqual(Array.from(bcdEncode(4_567_89, 4)));
    }

    const second = new DialIn(port, ADDRESS);
    await until('the old link closed by the head-end', () => first.closed);
    expect(headend.linkState(METER).online).toBe(true);
    expect(headend.gprsLinkCount()).toBe(1);
    const again = headend.exchange(METER, readRequest(ADDRESS, DI.VOLTAGE_A));
    const onNew = await until('the request on the new socket', () => second.requests.shift());
    second.answer(onNew, Uint8Array.of(0x00, 0x22));
    expect(await again).toMatchObject({ ok: true, transport: 'gprs' });
    second.socket.destroy();
    await until('offline after the socket closed', () => !headend.linkState(METER).online);
    expect(await headend.exchange(METER, request)).toMatchObject({ ok: false, failure: 'offline' });
  });

  it('refuses an unknown address and closes the socket', async () => {
    const stranger = new DialIn(port, '000000000042');
    await until('the stranger closed', () => stranger.closed);
    expect(headend.linkState('42').online).toBe(false);
  });

  it('a meter that never answers times out; the next request to it still works', async () => {
    const meter = new DialIn(port, '047100000037');
    await until('registered', () => headend.linkState(QUIET).online);
    const first = readRequest('047100000037', DI.CURRENT_A);
    expect(await headend.exchange(QUIET, first, { timeoutMs: 300 })).toMatchObject({
      ok: false,
      failure: 'timeout',
    });
    const stale = await until('the first request', () => meter.requests.shift());

    const second = readRequest('047100000037', DI.ACTIVE_POWER_TOTAL);
    const pending = headend.exchange(QUIET, second);
    const req = await until('the second request', () => meter.requests.shift());
    meter.answer(stale, bcdEncode(1, 3)); // late: dropped
    meter.answer(req, bcdEncode(2_500, 3));
    const result = await pending;
    expect(result.ok && parseReply(second, result.reply)).toMatchObject({
      ok: true,
      di: DI.ACTIVE_POWER_TOTAL,
    });
    meter.socket.destroy();
  });

  it('1,000 garbage TCP connections leave it healthy: /healthz answers and a real request completes', async () => {
    const garbage = [
      Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'),
      Buffer.from([0x68, 0x01, 0x02, 0x68, 0x11, 0x00, 0x16]),
      Buffer.from('99999999999x'),
      Buffer.from('123456789012'), // well-formed but unknown
      Buffer.alloc(4096, 0xff),
      Buffer.from('0471'), // half a registration, then gone
    ];
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => {
          const bytes = garbage[(batch * 100 + i) % garbage.length] ?? Buffer.alloc(0);
          return new Promise<void>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => {
              s.write(bytes);
              if (bytes.length === 4) s.end();
            });
            s.on('error', () => resolve());
            s.on('close', () => resolve());
          });
        }),
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(headend.gprsLinkCount()).toBe(0);
    const meter = new DialIn(port, ADDRESS);
    await until('registered', () => headend.linkState(METER).online);
    const request = readRequest(ADDRESS, DI.DATE);
    const pending = headend.exchange(METER, request);
    meter.answer(
      await until('the request', () => meter.requests.shift()),
      Uint8Array.of(1, 0x23, 0x11, 0x26),
    );
    expect(await pending).toMatchObject({ ok: true });
    meter.socket.destroy();
  }, 60_000);
});

describe('GPRS heartbeats', () => {
  it('three heartbeat periods of silence take a meter offline and close its socket; heartbeats keep it', async () => {
    const app = await createTestApp(headendTestConfig({ mqttPort: 0, heartbeatSeconds: 1 }), {
      headend: true,
    });
    try {
      const h = headendOf(app);
      await insertMeters(app, [
        { meterId: METER, communicationWay: 0 },
        { meterId: QUIET, communicationWay: 0 },
      ]);
      await h.refreshMeters();
      const silent = new DialIn(h.gprsPort ?? 0, ADDRESS);
      const beating = new DialIn(h.gprsPort ?? 0, '047100000037');
      const beat = setInterval(() => beating.socket.write(Uint8Array.of(0xfe)), 250);
      try {
        await until('both registered', () => h.linkState(METER).online && h.linkState(QUIET).online);
        await until('the silent one dropped', () => silent.closed && !h.linkState(METER).online);
        expect(h.linkState(QUIET).online).toBe(true);
        expect(beating.closed).toBe(false);
      } finally {
        clearInterval(beat);
        beating.socket.destroy();
      }
    } finally {
      await app.close();
    }
  });
});
