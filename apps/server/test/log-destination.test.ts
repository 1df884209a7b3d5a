import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { bufferedLogDestination, LOG_BUFFER_BYTES } from '../src/lib/log-destination.js';
import { createTestApp, type TestApp } from './harness.js';
import { testConfig } from './test-config.js';

/**
 * The server's log lines are held and written out a buffer at a time (a system call per line is a large
 * share of a small request's cost on some machines), and none is lost: a flush and the app's close write
 * out everything held.
 */

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'log-destination-'));
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const fileIn = (name: string) => {
  const file = path.join(dir, name);
  return { file, fd: openSync(file, 'a'), text: () => readFileSync(file, 'utf8') };
};

describe('buffered log destination', () => {
  it('holds lines below a buffer, writes them all out on flush, and writes later lines at once after close', () => {
    const log = fileIn('lines.log');
    const out = bufferedLogDestination(log.fd);
    for (let i = 0; i < 20; i++) out.write(`{"level":30,"reqId":"r-${i}","msg":"incoming request"}\n`);
    expect(20 * 60).toBeLessThan(LOG_BUFFER_BYTES);
    expect(log.text()).toBe('');
    out.flushSync();
    expect(log.text().split('\n').filter(Boolean)).toHaveLength(20);
    out.close();
    out.write('{"level":30,"reqId":"r-21","msg":"after close"}\n');
    expect(log.text()).toContain('after close');
    closeSync(log.fd);
  });

  it("writes out a full buffer's worth without being asked", async () => {
    const log = fileIn('full.log');
    const out = bufferedLogDestination(log.fd);
    const line = `{"level":30,"reqId":"r","msg":"${'x'.repeat(990)}"}\n`;
    for (let i = 0; i <= LOG_BUFFER_BYTES / line.length; i++) out.write(line);
    await expect.poll(() => log.text().length).toBeGreaterThan(0);
    out.close();
    expect(log.text().length).toBe((LOG_BUFFER_BYTES / line.length + 1) * line.length);
    closeSync(log.fd);
  });

  it('writes a line outside a request, and any warning or error, at once with what is held before it', () => {
    const log = fileIn('prompt.log');
    const out = bufferedLogDestination(log.fd);
    out.write('{"level":30,"reqId":"r-1","msg":"incoming request"}\n');
    expect(log.text()).toBe('');
    out.write('{"level":30,"msg":"Prepayment System is up"}\n');
    expect(log.text()).toContain('incoming request');
    expect(log.text()).toContain('is up');
    out.write('{"level":30,"reqId":"r-2","msg":"incoming request"}\n');
    out.write('{"level":50,"reqId":"r-2","msg":"request failed"}\n');
    expect(log.text()).toContain('request failed');
    out.close();
    closeSync(log.fd);
  });

  it("is the app's log: a request's lines are held while it runs and written out when the app closes", async () => {
    const log = fileIn('app.log');
    const app = await buildApp({
      config: testConfig({ logLevel: 'info' }),
      database: t.database,
      clock: t.clock,
      logStream: bufferedLogDestination(log.fd),
    });
    const res = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'buffered-log-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(log.text()).toBe('');
    await app.close();
    const mine = log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((l) => l.reqId === 'buffered-log-1');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    closeSync(log.fd);
  });
});
