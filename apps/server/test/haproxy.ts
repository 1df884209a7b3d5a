import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
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
  const file = path.join(work, 'haproxy.cfg');
  writeFileSync(file, cfg);
  let output = '';
  const haproxy: ChildProcess = spawn('/usr/sbin/haproxy', ['-db', '-f', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  haproxy.stdout?.on('data', (d) => (output += d));
  haproxy.stderr?.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (haproxy.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, stop: () => haproxy.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 100));
  }
}
