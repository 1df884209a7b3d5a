import { readFileSync } from 'node:fs';
import { ORIGINAL_OPERATIONS, TaskStatus } from '@prepay/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dlmsItems, meters, remoteTasks } from '../src/db/schema.js';
import { RequestGenerator } from './conformance/generator.js';
import { type OriginalOperation, originalOperations } from './conformance/original-document.js';
import {
  ALLOWED_REFUSALS,
  type Fixture,
  KNOWN_GAPS,
  phaseOf,
  sendingOrder,
  valuesFor,
} from './conformance/plan.js';
import { requestErrors, responseErrors } from './conformance/validators.js';
import { ADMIN_AUTH_PASSWORD, ADMIN_PASSWORD, createTestApp, type TestApp } from './harness.js';
import { vendableMeter } from './vending-fixture.js';

/**
 * A client written for the original works against us. Every operation of the original's own
 * OpenAPI document whose module exists here is sent as the original's clients send it — the document's
 * path spelling, `application/json; charset=utf-8`, a body generated from the document's request schema
 * — and must be accepted, with an answer that validates against the document's response schema.
 * Operations of modules not built yet are reported as pending.
 */

const EXPECTED: string[] = JSON.parse(
  readFileSync(new URL('./conformance/expected-passing.json', import.meta.url), 'utf8'),
);

interface Outcome {
  op: OriginalOperation;
  ok: boolean;
  detail: string;
  rows: number;
}

let t: TestApp;
let receiptId: number | undefined;
/** Tasks the run queued, by kind ("ReadingTask" …): Update<Kind>Task resends them. */
const taskIds = new Map<string, number>();

beforeAll(async () => {
  // The seeded meter model's vendor profile for "set maximum overdraft" (not an STS class: configured).
  t = await createTestApp({
    overdraftProfiles: {
      'STS-1': { name: 'Test overdraft', subclass: 12, valueEncoding: 'raw', unit: 'currencyMinorUnit' },
    },
  });
  const vendable = await vendableMeter(t);
  const admin = await t.adminToken();
  // The original's UpdateMeterKey carries no key: the new decoder key is derived from a vending key.
  const key = await t.call(
    '/api/keystore/vendingKey/create',
    [{ sgc: '654321', krn: 1, vendingKey: '0123456789ABCDEF', baseYear: 2014 }],
    admin,
  );
  if (key.code !== 0) throw new Error(key.reason);
  fixture = {
    adminPassword: ADMIN_PASSWORD,
    adminAuthorizationPassword: ADMIN_AUTH_PASSWORD,
    newPassword: 'Conformance#Pass-2026',
    newAuthorizationPassword: 'Conformance#Auth-2026',
    ...vendable,
    receiptId: () => receiptId,
    taskId: (kind) => taskIds.get(kind),
    ...(await dlmsFixture()),
  };
});
afterAll(async () => t?.close());

/** A DLMS meter of the catalogue's version, and the catalogue row each GPRS task family names. */
async function dlmsFixture() {
  const dlmsMeterId = '47009990001';
  await t.database.db
    .insert(meters)
    .values({ meterId: dlmsMeterId, communicationWay: 0, protocolVersion: '1.1', stationId: '0001' });
  const items = await t.database.db.select().from(dlmsItems).where(eq(dlmsItems.version, '1.1'));
  const pick = (type: number, obis: string) => items.find((i) => i.type === type && i.obis === obis)?.dlmsId;
  const ids: Record<string, number | undefined> = {
    ReadingTask: pick(0, '1.0.1.8.0.255'),
    SettingTask: pick(1, '0.0.1.0.0.255'),
    ControlTask: pick(2, '0.0.96.3.10.255'),
    TokenTask: pick(3, '0.0.19.40.0.255'),
  };
  return { dlmsMeterId, dlmsItemId: (kind: string) => ids[kind] };
}

let fixture: Fixture;

/**
 * Only a finished task can be resent, and this run has no head-end to finish one: the run's tasks are
 * marked failed (meter offline), as the task runner marks them when no gateway answers.
 */
let tasksFinished = false;
async function finishQueuedTasks() {
  const ids = [...taskIds.values()];
  if (tasksFinished || !ids.length) return;
  tasksFinished = true;
  await t.database.db
    .update(remoteTasks)
    .set({ status: TaskStatus.failure, reason: 'offline' })
    .where(inArray(remoteTasks.id, ids));
}

/** Modules (document tags) with at least one operation served here; their other operations must exist too. */
function builtTags(): Set<string> {
  const served = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url.toLowerCase()}`));
  return new Set(
    originalOperations
      .filter((op) => served.has(`${op.method} ${op.path.toLowerCase()}`))
      .map((op) => op.tag),
  );
}

async function send(op: OriginalOperation, body: unknown, token: string | undefined) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (op.method === 'GET') {
    const query = new URLSearchParams(body as Record<string, string>).toString();
    return t.app.inject({ method: 'GET', url: `${op.path}?${query}`, headers });
  }
  return t.app.inject({
    method: 'POST',
    url: op.path,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    payload: body === undefined ? '' : JSON.stringify(body),
  });
}

function requestOf(op: OriginalOperation): unknown {
  // Every nullable member the run does not fill is sent as an explicit null, as generated .NET clients do.
  const gen = new RequestGenerator(valuesFor(op, fixture), true);
  if (op.method === 'GET') {
    return Object.fromEntries(op.query.map((p) => [p.name, String(gen.value(p.schema, p.name))]));
  }
  return op.body ? gen.value(op.body) : undefined;
}

function judge(op: OriginalOperation, res: LightMyRequestResponse): Omit<Outcome, 'op'> {
  let body: { code?: number; reason?: string; result?: unknown } & Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return { ok: false, detail: `HTTP ${res.statusCode}, not JSON: ${res.body.slice(0, 120)}`, rows: 0 };
  }
  if (res.statusCode !== 200) {
    return { ok: false, detail: `HTTP ${res.statusCode}: ${JSON.stringify(body).slice(0, 300)}`, rows: 0 };
  }
  const enveloped = op.method === 'POST';
  if (enveloped && body.code !== 0) {
    const allowed = ALLOWED_REFUSALS[op.operationId];
    return { ok: Boolean(allowed), detail: `refused (code ${body.code}): ${body.reason}`, rows: 0 };
  }
  const errors = op.response ? responseErrors(op.response, body) : [];
  const data = enveloped ? body.result : body;
  const rows = Array.isArray(data)
    ? data.length
    : Array.isArray((data as { data?: unknown[] })?.data)
      ? ((data as { data: unknown[] }).data.length ?? 0)
      : Array.isArray((data as { payments?: unknown[] })?.payments)
        ? (data as { payments: unknown[] }).payments.length
        : data
          ? 1
          : 0;
  return { ok: errors.length === 0, detail: errors.slice(0, 6).join('; '), rows };
}

describe('conformance to the original OpenAPI document (original-openapi.json)', () => {
  it('accepts every operation of every built module as the original sends it and answers its shapes', async () => {
    const built = builtTags();
    const active = sendingOrder(originalOperations.filter((op) => built.has(op.tag)));
    const pending = originalOperations.filter((op) => !built.has(op.tag));
    const outcomes: Outcome[] = [];
    let token: string | undefined;
    for (const op of active) {
      if (phaseOf(op) === 'update') await finishQueuedTasks();
      const body = requestOf(op);
      // The generator writes only what the original's request schema allows.
      const invalidRequest = op.method === 'POST' && op.body ? requestErrors(op.body, body) : [];
      expect(invalidRequest, `${op.operationId}: generated request invalid`).toEqual([]);
      const res = await send(op, body, token);
      const outcome = { op, ...judge(op, res) };
      outcomes.push(outcome);
      if (op.operationId === 'Login' && outcome.ok) token = res.json().result.token;
      if (op.operationId === 'GenerateCreditToken' && outcome.ok) receiptId = res.json().result.receiptId;
      if (op.tag === 'RemoteMeterTask' && op.operationId.startsWith('Create') && outcome.ok) {
        taskIds.set(op.operationId.replace(/^Create/, ''), res.json().result[0].id);
      }
      if (op.tag === 'GPRSMeterTask' && phaseOf(op) === 'create' && outcome.ok) {
        taskIds.set(op.operationId.replace(/^GPRSCreate/, 'GPRS'), res.json().result[0].id);
      }
    }

    const passing = outcomes.filter((o) => o.ok).map((o) => o.op.operationId);
    const lines = [
      `${passing.length} of ${originalOperations.length} operations pass ` +
        `(${active.length} in built modules, ${pending.length} pending)`,
      ...outcomes.map(
        (o) =>
          `  ${o.ok ? 'pass' : 'FAIL'} ${o.op.method} ${o.op.path} (${o.op.operationId})` +
          `${o.ok ? `, ${o.rows} row(s) validated` : `: ${o.detail}`}`,
      ),
      `Pending (modules not built yet): ${[...new Set(pending.map((o) => o.tag))].join(', ')}`,
      ...pending.map((o) => `  pending ${o.method} ${o.path} (${o.operationId})`),
    ];
    console.log(lines.join('\n'));

    const regressions = EXPECTED.filter((id) => !passing.includes(id));
    expect(regressions, 'operations listed in expected-passing.json that no longer pass').toEqual([]);
    const gaps = outcomes
      .filter((o) => !o.ok && !EXPECTED.includes(o.op.operationId) && !KNOWN_GAPS[o.op.operationId])
      .map((o) => `${o.op.operationId}: ${o.detail}`);
    expect(
      gaps,
      'operations of built modules that fail: fix them, or list them in plan.ts KNOWN_GAPS',
    ).toEqual([]);
    const unlisted = passing.filter((id) => !EXPECTED.includes(id));
    expect(unlisted, 'operations that now pass: add them to conformance/expected-passing.json').toEqual([]);
  });

  it('our /swagger documents every route and names the original operation each implements', async () => {
    // The one mapping that drives /swagger is the document's own list.
    expect(ORIGINAL_OPERATIONS).toEqual(
      Object.fromEntries(originalOperations.map((op) => [`${op.method} ${op.path}`, op.operationId])),
    );
    // /swagger is for logged-in users. The run above changes the admin's login password and
    // ends its sessions (ModifyLoginPassword), so sign in afresh with whichever password is current.
    const token = await t.login('admin', ADMIN_PASSWORD).catch(() => t.login('admin', fixture.newPassword));
    const res = await t.app.inject({
      method: 'GET',
      url: '/swagger/json',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const ours: Record<
      string,
      Record<string, { 'x-original-operation'?: string; description?: string }>
    > = res.json().paths;
    const documented = new Map(
      Object.entries(ours).flatMap(([path, methods]) =>
        Object.entries(methods).map(([m, op]) => [`${m.toUpperCase()} ${path.toLowerCase()}`, op] as const),
      ),
    );
    const undocumented = t.app.apiRoutes
      .filter((r) => r.method !== 'HEAD' && /^\/api\//i.test(r.url))
      // OpenAPI spells a path parameter {slot} where fastify has :slot.
      .filter((r) => !documented.has(`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}').toLowerCase()}`));
    expect(undocumented.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const id of EXPECTED) {
      const op = originalOperations.find((o) => o.operationId === id);
      const mine = op && documented.get(`${op.method} ${op.path.toLowerCase()}`);
      expect(mine?.['x-original-operation'], id).toBe(id);
      expect(mine?.description, id).toContain(`original's \`${id}\``);
    }
  });
});
