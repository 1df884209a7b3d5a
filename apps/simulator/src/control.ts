import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { EventSink } from './core.js';
import { FaultError, parseFault } from './faults.js';
import type { Fleet } from './fleet.js';

/**
 * A small control endpoint on 127.0.0.1 for scripts and demos: fleet figures, one meter's state, and
 * faults on and off. Never exposes key material (MeterView carries only key revision fields).
 */
export async function startControlServer(
  fleet: Fleet,
  port: number,
  log: EventSink,
): Promise<{ close(): Promise<void>; port: number }> {
  const server = createServer((req, res) => {
    handle(fleet, req, res).catch((e) =>
      reply(res, 500, { error: e instanceof Error ? e.message : String(e) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  log({ time: new Date().toISOString(), event: 'control-listening', url: `http://127.0.0.1:${bound}` });
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 65_536) throw new FaultError('body too large');
  }
  return text ? JSON.parse(text) : {};
}

async function handle(fleet: Fleet, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const meterMatch = /^\/meters\/(\d{1,13})$/.exec(url.pathname);
  if (req.method === 'GET' && url.pathname === '/stats') return reply(res, 200, fleet.stats());
  if (req.method === 'GET' && meterMatch) {
    const view = fleet.meter(meterMatch[1] ?? '');
    return view ? reply(res, 200, view) : reply(res, 404, { error: 'no such meter' });
  }
  if (req.method === 'GET' && url.pathname.startsWith('/gateways/')) {
    // EUIs are hex and dashes: nothing to decode, and a stray % is simply not a gateway.
    const g = fleet.gateway(url.pathname.slice('/gateways/'.length));
    return g ? reply(res, 200, g) : reply(res, 404, { error: 'no such gateway' });
  }
  if (url.pathname === '/faults' && req.method === 'POST') {
    try {
      const body = await readBody(req);
      const { target, fault } = (body ?? {}) as { target?: unknown; fault?: unknown };
      if (typeof target !== 'string') throw new FaultError('target (a meter id or gateway EUI) is required');
      fleet.fault(target, parseFault(fault));
      return reply(res, 200, { ok: true });
    } catch (e) {
      return reply(res, 400, { error: e instanceof Error ? e.message : String(e) });
    }
  }
  if (url.pathname === '/faults' && req.method === 'DELETE') {
    const target = url.searchParams.get('target') ?? undefined;
    fleet.clearFaults(target);
    return reply(res, 200, { ok: true });
  }
  return reply(res, 404, {
    error: 'GET /stats, GET /meters/:id, GET /gateways/:id, POST /faults, DELETE /faults',
  });
}
