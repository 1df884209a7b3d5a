import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.mjs';

describe('freePort', () => {
  it('gives a bindable port below the ephemeral range, never one that is taken', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20000);
    expect(port).toBeLessThan(32768);
    const srv = net.createServer();
    await new Promise((resolve) => srv.listen(port, '127.0.0.1', resolve));
    try {
      // While this port is held, 50 more picks never return it.
      const picks = await Promise.all(Array.from({ length: 50 }, () => freePort()));
      expect(picks).not.toContain(port);
    } finally {
      await new Promise((resolve) => srv.close(resolve));
    }
  });
});
