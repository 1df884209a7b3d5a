import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from './server-process.js';

/**
 * HAProxy from Debian's package, as deploy/haproxy.cfg configures it, on the given servers' ports (checked
 * every 300 ms). Resolves once a request through it reaches a ready server.
 */
export async function startHaproxy(ports: number[], work: string): Promise<{ base: string; stop(): void }> {
  const port = await freePort();
  const template = readFileSync(path.resolve(import.meta.dirname, '../../../deploy/haproxy.cfg'), 'utf8');
  const cfg = template
    .replace('bind :8080', `bind 127.0.0.1:${port}`)
    .replaceAll(
      '/etc/haproxy/errors/prepay-503.http',
      path.resolve(import.meta.dirname, '../../../deploy/haproxy-503.http'),
    )
    .replace(/^\s*server api\d.*$/gm, '')
    .replace(
      '# servers',
      ports.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check inter 300 fall 2 rise 2`).join('\n'),
    );
  const base = `http://127.0.0.1:${port}`;
  const ready = () =>
    fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  const stop = await runHaproxy(path.join(work, 'haproxy.cfg'), cfg, ready);
  return { base, stop };
}

/**
 * HAProxy in TCP mode as deploy/haproxy-headend.cfg configures it, in front of head-end processes' GPRS
 * ports (checked every 300 ms). Resolves once it listens.
 */
export async function startTcpHaproxy(
  ports: number[],
  work: string,
): Promise<{ port: number; stop(): void }> {
  const port = await freePort();
  const template = readFileSync(
    path.resolve(import.meta.dirname, '../../../deploy/haproxy-headend.cfg'),
    'utf8',
  );
  const cfg = template
    .replace('bind :9101', `bind 127.0.0.1:${port}`)
    // Enough for the test's fleet within this machine's file descriptor limit.
    .replace(/maxconn \d+/, 'maxconn 4000')
    .replace(/^\s*server headend\d.*$/gm, '')
    .replace(
      '# servers',
      ports.map((p, i) => `  server headend${i + 1} 127.0.0.1:${p} check inter 300 fall 2 rise 2`).join('\n'),
    );
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
  const stop = await runHaproxy(path.join(work, 'haproxy-headend.cfg'), cfg, listening);
  return { port, stop };
}

/** Writes `cfg` to `file` and runs HAProxy on it until `up` says it serves; its output is the error if it exits. */
async function runHaproxy(file: string, cfg: string, up: () => Promise<boolean>): Promise<() => void> {
  writeFileSync(file, cfg);
  let output = '';
  const haproxy: ChildProcess = spawn('/usr/sbin/haproxy', ['-db', '-f', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  haproxy.stdout?.on('data', (d) => (output += d));
  haproxy.stderr?.on('data', (d) => (output += d));
  for (;;) {
    if (haproxy.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    if (await up()) return () => haproxy.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
  }
}
