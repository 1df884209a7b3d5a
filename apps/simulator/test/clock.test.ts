import { DI, findDataItem, parseReply, readRequest } from '@prepay/dlt645';
import { describe, expect, it } from 'vitest';
import { acceleratedClock, handleFrame, ManualClock, MeterModel, syntheticFleet } from '../src/index.js';
import { must } from './helpers.js';

describe('simulated time', () => {
  it('an accelerated clock runs factor times faster than the real clock under it', () => {
    const real = new ManualClock(1_000);
    const fast = acceleratedClock(60, Date.UTC(2026, 0, 1), real);
    expect(fast.now()).toBe(Date.UTC(2026, 0, 1));
    real.advance(60_000); // one real minute = one simulated hour
    expect(fast.now()).toBe(Date.UTC(2026, 0, 1, 1));
    expect(() => acceleratedClock(0)).toThrow(RangeError);
  });

  it('drives a meter: a simulated day on an accelerated clock makes a daily freeze', () => {
    const real = new ManualClock(0);
    const clock = acceleratedClock(3600, Date.UTC(2026, 0, 1, 12), real);
    const spec = must(syntheticFleet({ count: 1 }).meters[0]);
    const meter = new MeterModel({ ...spec, balanceTenths: 1000 }, clock.now());
    real.advance(24_000); // 24 real seconds = 24 simulated hours
    const request = readRequest(spec.address, DI.DAILY_FROZEN_TIME_1);
    const reply = parseReply(request, must(handleFrame(meter, request, clock.now()).reply));
    expect(reply.ok && findDataItem(DI.DAILY_FROZEN_TIME_1)?.decode(reply.value)).toBe('2026-01-02 00:00');
  });
});
