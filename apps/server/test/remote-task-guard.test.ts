import type { RemoteTaskRow } from '@prepay/contracts';
import { encodeFrame, hex, meterAddress, readRequest, relayRequest } from '@prepay/dlt645';
import { describe, expect } from 'vitest';
import { unchangedBy } from './fingerprint.js';
import { ADMIN_AUTH_PASSWORD, apiTest, lastAudit, type TestApp } from './harness.js';
import type { Page } from './masterdata-fixtures.js';
import { vendableMeter } from './vending-fixture.js';

const METER = '47100000003';
const CONTROL = '/API/RemoteMeterTask/CreateControlTask';
const TRANSPARENT = '/API/RemoteMeterTask/CreateTransparentForwardingTask';
const AUTH = { level: 2, password: '123456', operator: '12345678' };
/** A hand-made relay trip: the same command as Switch Off, typed as a raw frame. */
const tripFrame = hex(
  encodeFrame(relayRequest(meterAddress(METER), 'trip', AUTH, new Date('2027-01-01T00:00:00Z'))),
);
const closeFrame = hex(
  encodeFrame(relayRequest(meterAddress(METER), 'direct-close', AUTH, new Date('2027-01-01T00:00:00Z'))),
);
const readFrame = hex(encodeFrame(readRequest(meterAddress(METER), 0x00010000)));

const prepare = async (t: TestApp) => {
  await vendableMeter(t, { meterId: METER, protocolVersion: '2.2' });
};

describe('Switch Off guard, setting off (the original contract)', () => {
  const it = apiTest(prepare);

  it('queues Switch Off without reason or password; a reason given is stored, shown, filterable and audited', async ({
    t,
    admin,
  }) => {
    const info = await t.call<{ switchOffNeedsAuthorization: boolean }>('/api/user/info', {}, admin);
    expect(info.result.switchOffNeedsAuthorization).toBe(false);
    const bare = await t.call<RemoteTaskRow[]>(CONTROL, [{ meterId: METER, flag: 'C03C' }], admin);
    expect(bare.code, bare.reason).toBe(0);
    expect(bare.result[0]?.remark).toBeNull();

    const reason = 'Unpaid bill, order 2026-114';
    const off = await t.call<RemoteTaskRow[]>(
      CONTROL,
      [{ meterId: METER, flag: 'C03C', remark: reason }],
      admin,
    );
    expect(off.code, off.reason).toBe(0);
    expect(off.result[0]).toMatchObject({ name: 'Switch Off', remark: reason });
    const audit = await lastAudit(t);
    expect(audit.action).toBe('CreateControlTask');
    expect(audit.after).toEqual([expect.objectContaining({ id: off.result[0]?.id, remark: reason })]);
    expect(JSON.stringify(audit)).not.toContain('authorizationPassword');

    const listed = await t.call<Page<RemoteTaskRow>>(
      '/API/RemoteMeterTask/GetControlTask',
      { lang: 'en', remark: 'order 2026-114' },
      admin,
    );
    expect(listed.result.data.map((r) => [r.id, r.remark])).toEqual([[off.result[0]?.id, reason]]);
  });

  it('checks a password that is sent: a wrong one refuses the batch and writes nothing; the right one queues', async ({
    t,
    admin,
  }) => {
    const wrong = await unchangedBy(t.database, () =>
      t.call(
        CONTROL,
        [{ meterId: METER, flag: 'C03C', remark: 'x', authorizationPassword: 'not-it' }],
        admin,
      ),
    );
    expect(wrong.code).not.toBe(0);
    expect(wrong.reason).toBe('The authorization password is incorrect');
    const ok = await t.call<RemoteTaskRow[]>(
      CONTROL,
      [{ meterId: METER, flag: 'C03C', remark: 'Tamper found', authorizationPassword: ADMIN_AUTH_PASSWORD }],
      admin,
    );
    expect(ok.code, ok.reason).toBe(0);
    expect(JSON.stringify(ok.result)).not.toContain(ADMIN_AUTH_PASSWORD);
    expect(JSON.stringify(await lastAudit(t))).not.toContain(ADMIN_AUTH_PASSWORD);
  });
});

describe('Switch Off guard, SWITCH_OFF_REQUIRES_AUTHORIZATION on', () => {
  const it = apiTest(prepare, { switchOffRequiresAuthorization: true });

  it('refuses Switch Off and a raw trip frame without reason and password (400 naming both), writing nothing', async ({
    t,
    admin,
  }) => {
    const info = await t.call<{ switchOffNeedsAuthorization: boolean }>('/api/user/info', {}, admin);
    expect(info.result.switchOffNeedsAuthorization).toBe(true);
    const refusals: [string, unknown[]][] = [
      [CONTROL, [{ meterId: METER, flag: 'C03C' }]],
      [CONTROL, [{ meterId: METER, flag: 'C03C', remark: 'Unpaid' }]],
      [CONTROL, [{ meterId: METER, flag: 'C03C', authorizationPassword: ADMIN_AUTH_PASSWORD }]],
      [TRANSPARENT, [{ meterId: METER, sendFrame: tripFrame }]],
    ];
    for (const [path, body] of refusals) {
      const res = await unchangedBy(t.database, () => t.call(path, body, admin));
      expect(res.status, JSON.stringify(body)).toBe(400);
      const line = body[0] as Record<string, unknown>;
      const named = JSON.stringify(res.result);
      expect(named.includes('remark'), named).toBe(!line.remark);
      expect(named.includes('authorizationPassword'), named).toBe(!line.authorizationPassword);
    }
  });

  it('lets tasks that do not cut supply through as before', async ({ t, admin }) => {
    const on = await t.call<RemoteTaskRow[]>(CONTROL, [{ meterId: METER, flag: 'C03D' }], admin);
    expect(on.code, on.reason).toBe(0);
    for (const sendFrame of [closeFrame, readFrame]) {
      const res = await t.call(TRANSPARENT, [{ meterId: METER, sendFrame }], admin);
      expect(res.code, res.reason).toBe(0);
    }
  });

  it('queues Switch Off and a trip frame with reason and password, the reason on each task', async ({
    t,
    admin,
  }) => {
    const guard = { remark: 'Meter bypass found', authorizationPassword: ADMIN_AUTH_PASSWORD };
    const off = await t.call<RemoteTaskRow[]>(CONTROL, [{ meterId: METER, flag: 'C03C', ...guard }], admin);
    expect(off.code, off.reason).toBe(0);
    expect(off.result[0]?.remark).toBe('Meter bypass found');
    const frame = await t.call<{ remark: string | null }[]>(
      TRANSPARENT,
      [{ meterId: METER, sendFrame: tripFrame, ...guard }],
      admin,
    );
    expect(frame.code, frame.reason).toBe(0);
    expect(frame.result[0]?.remark).toBe('Meter bypass found');
  });
});
