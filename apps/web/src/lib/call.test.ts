import {
  ALARM_API,
  type AlarmRow,
  AUTH_API,
  DASHBOARD_API,
  METER_API,
  type MeterRow,
  type PanelGroup,
} from '@prepay/contracts';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { feedbackSpy } from '../test/feedback-spy';
import { call, endpointAt } from './call';
import { setFeedback } from './feedback';

const answer = (result: unknown) =>
  new Response(JSON.stringify({ code: 0, reason: 'success', message: 'success', result }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  setFeedback(feedbackSpy());
  fetchMock = vi.fn(async () => answer([]));
  vi.stubGlobal('fetch', fetchMock);
  window.ApiConfig = { Url: 'http://api.example/' };
});

afterEach(() => {
  vi.unstubAllGlobals();
  setFeedback(null);
});

describe('call', () => {
  it("POSTs the body to the endpoint's path and resolves to the envelope's result", async () => {
    const row = { id: 7 };
    fetchMock.mockResolvedValueOnce(answer([row]));
    await expect(call(ALARM_API.acknowledge, [{ id: 7, remark: null }])).resolves.toEqual([row]);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`http://api.example${ALARM_API.acknowledge.path}`);
    expect(init.body).toBe('[{"id":7,"remark":null}]');
  });

  it('sends an empty object for an endpoint that takes no body, and calls a typed reference by its path', async () => {
    await call(DASHBOARD_API.panelGroup);
    await call(endpointAt<typeof AUTH_API.login>(AUTH_API.login.path), { userId: 'a', password: 'b' });
    const sent = fetchMock.mock.calls.map(([url, init]) => [url, (init as RequestInit).body]);
    expect(sent).toEqual([
      [`http://api.example${DASHBOARD_API.panelGroup.path}`, '{}'],
      [`http://api.example${AUTH_API.login.path}`, '{"userId":"a","password":"b"}'],
    ]);
  });

  it('types the body by the request schema and the answer by the result schema', async () => {
    // The answers are the contract's types, not whatever a caller names.
    expectTypeOf(call(ALARM_API.acknowledge, [{ id: 1 }])).resolves.toEqualTypeOf<AlarmRow[]>();
    expectTypeOf(call(METER_API.read, { meterId: 'm' })).resolves.toEqualTypeOf<{
      total: number;
      data: MeterRow[];
    }>();
    expectTypeOf(call(DASHBOARD_API.panelGroup)).resolves.toEqualTypeOf<PanelGroup>();
    const login = endpointAt<typeof AUTH_API.login>('/api/user/login');
    expectTypeOf(call(login, { userId: 'a', password: 'b' })).resolves.toEqualTypeOf<{
      token: string;
      mustChangePassword: boolean;
    }>();

    // Each line below must fail to compile (tsc -b checks this file): were `call` untyped, the unused
    // directives would fail the type check instead.
    // @ts-expect-error a wrong member type in the body (an alarm id is a number)
    await call(ALARM_API.acknowledge, [{ id: '1' }]);
    // @ts-expect-error a write takes an array of rows, not one row
    await call(ALARM_API.acknowledge, { id: 1 });
    // @ts-expect-error the body is required where the endpoint declares one
    await call(ALARM_API.acknowledge);
    // @ts-expect-error an endpoint without a request takes no body
    await call(DASHBOARD_API.panelGroup, { type: 1 });
    // @ts-expect-error a typed reference checks the body as well (the login needs its password)
    await call(login, { userId: 'a' });
    // @ts-expect-error a misread answer: an alarm page is not a meter page
    const misread: { data: MeterRow[] } = await call(ALARM_API.read, {});
    // @ts-expect-error a misread answer: the acknowledgement answers rows, not a count
    const count: number = await call(ALARM_API.acknowledge, [{ id: 1 }]);
    expect([misread, count]).toHaveLength(2);
  });
});
