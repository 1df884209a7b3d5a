import {
  DI,
  ErrorWord,
  encodeFrame,
  findDataItem,
  matchesRequest,
  parseReply,
  readRequest,
} from '@prepay/dlt645';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Fleet, type FleetEvent, startFleet, syntheticFleet } from '../src/index.js';
import { type DtuConnection, DtuListener, must, waitFor } from './helpers.js';

const spec = syntheticFleet({ count: 3, transport: 'gprs', seed: 7, balance: 777 });
const A = must(spec.meters[0]);
const B = must(spec.meters[1]);
let listener: DtuListener;
let fleet: Fleet;
let events: FleetEvent[];

beforeEach(async () => {
  listener = new DtuListener();
  await listener.listen();
  events = [];
  fleet = await startFleet({
    spec,
    tcp: { host: '127.0.0.1', port: listener.port },
    heartbeatSeconds: 1,
    tickMs: 20,
    backoffMs: 50,
    maxBackoffMs: 200,
    onEvent: (e) => events.push(e),
  });
});

afterEach(async () => {
  await fleet.stop();
  await listener.close();
});

/** The fleet says every link is up; the listener has then seen (or soon sees) every registration. */
async function registered(): Promise<void> {
  await fleet.ready();
  await waitFor('every registration', () => spec.meters.every((m) => listener.link(m.address)));
}

/** Sends a read to the meter on `link` and waits for the reply that matches it. */
async function readOver(link: DtuConnection, address: string, di: number) {
  const request = readRequest(address, di);
  const before = link.frames.length;
  link.socket.write(encodeFrame(request, { preamble: 4 }));
  const reply = await waitFor('the reply', () =>
    link.frames.slice(before).find((f) => matchesRequest(request, f)),
  );
  return { request, reply };
}

describe('GPRS meters dialling in as DTUs', () => {
  it('keep redialling a head-end that is not there yet, logging the failure once', async () => {
    await fleet.stop();
    const port = listener.port;
    await listener.close();
    events = [];
    fleet = await startFleet({
      spec,
      tcp: { host: '127.0.0.1', port },
      tickMs: 20,
      backoffMs: 20,
      maxBackoffMs: 50,
      onEvent: (e) => events.push(e),
    });
    await waitFor('several failed dials', () => fleet.stats().gprsDialFailures >= 6);
    expect(events.filter((e) => e.event === 'gprs-dial-failed')).toEqual([
      expect.objectContaining({ reason: 'ECONNREFUSED', headEnd: `127.0.0.1:${port}` }),
    ]);
    listener = new DtuListener();
    await listener.listen(port);
    await registered();
  });

  it('register with their 12-digit address, send FE heartbeats and answer reads', async () => {
    await registered();
    const addresses = listener.connections.map((c) => c.registration).sort();
    expect(addresses).toEqual(spec.meters.map((m) => m.address).sort());
    const link = must(listener.link(A.address), 'the link');
    await waitFor('a heartbeat', () => link.heartbeats >= 1);
    const { request, reply } = await readOver(link, A.address, DI.REMAINING_ENERGY);
    const parsed = parseReply(request, reply);
    expect(parsed.ok && findDataItem(DI.REMAINING_ENERGY)?.decode(parsed.value)).toBeLessThanOrEqual(77.7);
    expect(fleet.meter(A.meterId)).toMatchObject({ linkUp: true });
  });

  it('redials after the head-end drops the link, and after an injected disconnect', async () => {
    await registered();
    const first = must(listener.link(A.address), 'the link');
    first.socket.destroy();
    const second = await waitFor('a new link', () => {
      const l = listener.link(A.address);
      return l && l !== first ? l : undefined;
    });
    expect((await readOver(second, A.address, DI.TIME)).reply.control).toBe(0x91);
    fleet.fault(A.meterId, { kind: 'disconnect' });
    await waitFor('the link to close', () => second.closed);
    const third = await waitFor('a third link', () => {
      const l = listener.link(A.address);
      return l && l !== second ? l : undefined;
    });
    expect((await readOver(third, A.address, DI.TIME)).reply.control).toBe(0x91);
    expect(events.some((e) => e.event === 'gprs-reconnected' && e.meterId === A.meterId)).toBe(true);
  });

  it('cuts replies into small segments when split, and the frame still parses', async () => {
    await registered();
    fleet.fault(B.meterId, { kind: 'split', maxChunk: 2 });
    const link = must(listener.link(B.address), 'the link');
    const events0 = link.dataEvents;
    const { request, reply } = await readOver(link, B.address, DI.FORWARD_ACTIVE_BLOCK);
    expect(parseReply(request, reply).ok).toBe(true);
    expect(link.dataEvents - events0).toBeGreaterThan(1);
  });

  it('plays duplicate, deny, silent and bad-checksum faults', async () => {
    await registered();
    const link = must(listener.link(B.address), 'the link');
    fleet.fault(B.meterId, { kind: 'duplicate' });
    const { request } = await readOver(link, B.address, DI.TIME);
    await waitFor('the duplicate', () => link.frames.filter((f) => matchesRequest(request, f)).length === 2);

    fleet.clearFaults();
    fleet.fault(B.meterId, { kind: 'deny', errorWord: ErrorWord.UNAUTHORISED });
    const denied = await readOver(link, B.address, DI.DATE);
    expect(parseReply(denied.request, denied.reply)).toMatchObject({
      ok: false,
      errorWord: ErrorWord.UNAUTHORISED,
    });

    // Silent and corrupted replies never reach the parser as frames: TCP keeps order, so the next good
    // reply arriving first-after them proves nothing else came.
    fleet.clearFaults();
    fleet.fault(B.meterId, { kind: 'silent' });
    const count = link.frames.length;
    link.socket.write(encodeFrame(readRequest(B.address, DI.REMAINING_ENERGY)));
    await waitFor('the silent request to be handled', () => fleet.stats().requests >= 3);
    fleet.clearFaults();
    fleet.fault(B.meterId, { kind: 'bad-checksum' });
    link.socket.write(encodeFrame(readRequest(B.address, DI.REMAINING_ENERGY)));
    const bytesBefore = link.dataEvents;
    await waitFor('the corrupted reply bytes', () => link.dataEvents > bytesBefore);
    fleet.clearFaults();
    const good = await readOver(link, B.address, DI.VOLTAGE_A);
    expect(link.frames.slice(count)).toEqual([good.reply]);

    // Line noise in front of a reply: the parser still finds the frame behind it.
    fleet.fault(B.meterId, { kind: 'garbage', bytes: 16 });
    const noisy = await readOver(link, B.address, DI.TIME);
    expect(parseReply(noisy.request, noisy.reply).ok).toBe(true);
  });

  it('refuses a fault that does not fit its target, with a clear error', async () => {
    const gateway = must(spec.gateways[0]).gatewayId;
    expect(() => fleet.fault(A.meterId, { kind: 'offline' })).toThrow(/gateway fault/);
    expect(() => fleet.fault(gateway, { kind: 'relay-stuck' })).toThrow(/meter fault/);
    expect(() => fleet.fault('12345', { kind: 'silent' })).toThrow(/no meter or gateway 12345/);
    expect(() => fleet.fault(A.meterId, { kind: 'slow', delayMs: -1 })).toThrow(/delayMs/);
    expect(fleet.meter(A.meterId)?.faults).toEqual([]);
  });
});
