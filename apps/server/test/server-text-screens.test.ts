import { readdirSync, readFileSync } from 'node:fs';
import * as contracts from '@prepay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, collectionJobs, remoteTaskAttempts, remoteTasks } from '../src/db/schema.js';
import { ENGLISH, englishSentence } from './english-text.js';
import { createTestApp, type TestApp, withDemoData } from './harness.js';
import { tasksOfEveryKind } from './task-reasons.js';

/**
 * Every answer a screen shows, read by a console in Chinese or Spanish, holds no English sentence the
 * server wrote. The reads are every read endpoint the contracts declare (a new read joins the walk by
 * itself), over the demo data and what the demo lacks of each kind of server text: failed tasks and
 * their attempts, relay states read back, token answers, alarms raised and closed by a newer reading or
 * by the meter being heard again, and the audit log. The console names its language the way it does
 * on every call (Accept-Language); each string of each answer goes to a detector of English sentences
 * that lets ids, numbers, units, meter numbers and names pass.
 */

/** One English word standing alone as the whole answer of a sentence field ("accepted", "success"). */
const SENTENCE_FIELDS = new Set(['reason', 'detail', 'ackRemark', 'data', 'value']);
const loneEnglish = (key: string, text: string) =>
  SENTENCE_FIELDS.has(key) && /^[A-Za-z]+$/.test(text) && ENGLISH.has(text.toLowerCase()) ? text : null;

/**
 * Fields whose text a person typed and the screen shows as typed (names, remarks, addresses), the rows an
 * audit entry kept (before and after, as stored), and the log's object and action codes, which the
 * console names from its catalogue (checked below).
 */
const TYPED = new Set([
  'remark',
  'address',
  'customerAddress',
  'label',
  'title',
  'action',
  'contentBefore',
  'contentAfter',
]);
/** Codes the screen names in its own words (an attempt's outcome, an alarm's kind). */
const CODES = new Set(['outcome', 'kind']);
/** A per-language column (the item and data-item editors show every language): only the reader's is read. */
const LANGUAGE_COLUMN = /^(en|ar|es|fr|pt|zh)$|[a-z](EN|AR|ES|FR|PT|ZH)$/;
const otherLanguage = (key: string, lang: string) => {
  const m = LANGUAGE_COLUMN.exec(key);
  return m !== null && (m[1] ?? m[2])?.toLowerCase() !== lang;
};
const skipped = (key: string, lang: string) => TYPED.has(key) || CODES.has(key) || otherLanguage(key, lang);

/** Every string in an answer, with its path and its field name. */
function strings(value: unknown, at = '', key = ''): Array<{ at: string; key: string; text: string }> {
  if (typeof value === 'string') return [{ at, key, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k, k));
  }
  return [];
}

type AnyEndpoint = { path: string; result: unknown; permission: unknown; request?: unknown };

/** Every endpoint the contracts declare, once each. */
function endpoints(): AnyEndpoint[] {
  const found = new Map<string, AnyEndpoint>();
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    const e = v as AnyEndpoint;
    if (typeof e.path === 'string' && e.result && e.permission !== undefined) {
      // JSON calls only: uploads (a file in) and feeds (GET) are not reads a screen posts.
      if ('request' in e) found.set(e.path, e);
      return;
    }
    for (const x of Object.values(v)) walk(x);
  };
  for (const [name, value] of Object.entries(contracts)) if (name.endsWith('_API')) walk(value);
  return [...found.values()];
}

/** Writes and sign-in calls; everything else is a read a screen shows. */
const WRITE =
  /\/(create\w*|GPRS(Create|Update)\w*|import\w*|update\w*|delete|generate|cancel|confirm|acknowledge|login|logout|switchRole|modify\w*|set[A-Z]\w*|reset|recollect|captcha(\/needed)?|meterKey\/update|vendor\/(credential|float)|mobilePayment\/resolve)$/i;

/** A vendor, so that its statement has a screen to read. */
const VENDOR = 'KIOSK7';
/** A demo meter with an account (set once the demo is in). */
let METER = '';
const REASONS = [
  'meter error 02: meter refused: no-data',
  'offline: meter 47300000001 has no live link; retrying',
  'no reply from meter 47300000001 within 5000 ms',
  'interrupted: the server stopped while the task ran; retrying',
  'the meter accepted the command but status word 3 says Relay Connected',
  'token rejected',
  'offline: no LoRaWAN route',
];
/** Why a collection job could not read its period. */
const COLLECTION_REASONS = [
  'the hour has passed',
  "month 2026-01-01 is not in the meter's settlement records",
  'day 2026-11-28 is not over yet',
  'day 2026-01-01 is older than the 62 freezes read',
  'offline: no live link to the meter',
  'the reading failed',
  'meter error 02: meter refused: no-data',
];
const DATA = [
  'Relay Connected',
  'Relay Disconnected',
  'accepted',
  'already accepted',
  'key change: first token accepted',
];

/** Server text the demo has none of: tasks with failures, relay states and token answers, closed alarms. */
async function serverTextRows(t: TestApp) {
  const db = t.database.db;
  const tasks = await db
    .insert(remoteTasks)
    .values(
      tasksOfEveryKind(
        REASONS,
        { meterId: METER, stationId: 'NORTH' },
        1,
        (i) => DATA[i % DATA.length] ?? null,
      ),
    )
    .returning({ id: remoteTasks.id });
  await db.insert(remoteTaskAttempts).values(
    tasks.slice(0, REASONS.length).map((task, i) => ({
      taskId: task.id,
      attempt: 1,
      outcome: 'meter-error',
      value: DATA[i % DATA.length] ?? null,
      detail: REASONS[i] ?? null,
    })),
  );
  const closed = { acknowledged: true, ackId: 'system', ackDate: new Date(), raisedDate: new Date() };
  await db
    .insert(alarms)
    .values([
      {
        meterId: METER,
        stationId: 'NORTH',
        kind: 'relay',
        detail: 'relay open',
        ...closed,
        ackRemark: 'condition ended',
      },
      {
        meterId: METER,
        stationId: 'NORTH',
        kind: 'offline',
        detail: 'no daily reading for 3 days',
        ...closed,
        ackRemark: 'meter heard again',
      },
      {
        meterId: METER,
        stationId: 'NORTH',
        kind: 'tamper',
        detail: 'terminal cover open, upper cover open, magnetic interference',
        raisedDate: new Date(),
      },
      {
        meterId: METER,
        stationId: 'NORTH',
        kind: 'lowCredit',
        detail: 'credit 4.5 kWh',
        raisedDate: new Date(),
      },
    ])
    .onConflictDoNothing();
  await db.insert(collectionJobs).values(
    COLLECTION_REASONS.map((reason, i) => ({
      meterId: METER,
      kind: 'daily' as const,
      period: dayBefore(i + 1),
      stationId: 'NORTH',
      status: 'failed' as const,
      reason,
    })),
  );
  return tasks[0]?.id ?? 0;
}

/** The console's names for the log's objects and actions in `lang`. */
function logCatalogue(lang: string) {
  const file = new URL(`../../web/src/features/setting/locales/${lang}.json`, import.meta.url);
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as {
    setting: { log: { objects: Record<string, string>; actions: Record<string, string> } };
  };
  return catalogue.setting.log;
}

/** Every object (title) and action the server's code writes to the audit log, read from its source. */
function auditCodes() {
  const src = new URL('../src/', import.meta.url);
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const titles = new Set<string>();
  const actions = new Set<string>(['Create', 'Update', 'Delete', 'Import']);
  for (const f of files) {
    const text = readFileSync(new URL(f, src), 'utf8');
    for (const m of text.matchAll(/title: '([^']+)'/g)) titles.add(m[1] ?? '');
    for (const m of text.matchAll(/auditedTable\(\s*\w+,\s*'([^']+)'/g)) titles.add(m[1] ?? '');
    for (const m of text.matchAll(/action: '([^']+)'/g)) actions.add(m[1] ?? '');
  }
  // The API's own title in the OpenAPI document is no audit object.
  titles.delete('Prepayment System API');
  return { titles: [...titles], actions: [...actions] };
}

let t: TestApp;
let admin: string;
let taskId = 0;
beforeAll(async () => {
  t = await createTestApp();
  await withDemoData(t);
  admin = await t.adminToken();
  const accounts = await t.call<{ data: Array<{ meterId: string }> }>(
    '/api/account/read',
    { pageSize: 1 },
    admin,
  );
  METER = accounts.result.data[0]?.meterId ?? '';
  taskId = await serverTextRows(t);
  const vendor = await t.call(
    contracts.VENDOR_API.create.path,
    [
      {
        vendorId: VENDOR,
        vendorName: 'Kiosk 7',
        vendorKind: 'agent',
        stationIds: ['0001'],
        clientId: '6004708000007',
        terminalId: 'K7',
        creditLimit: 0,
        commissionRate: 2,
      },
    ],
    admin,
  );
  if (vendor.code !== 0) throw new Error(vendor.reason);
}, 240_000);
afterAll(() => t.close());

const dayBefore = (days: number) =>
  new Date(t.clock.now().getTime() - days * 86_400_000).toISOString().slice(0, 10);

/** What a read needs besides paging, as its screen sends it. */
const bodyOf = (path: string, lang: string): Record<string, unknown> => {
  const extra: Record<string, Record<string, unknown>> = {
    [contracts.REMOTE_TASK_API.attempts.path]: { id: taskId },
    [contracts.DASHBOARD_API.lineChart.path]: { type: 6, days: 48 },
    [contracts.DLT645_API.tree.path]: { lang, version: '2007', type: 0 },
    [contracts.DLMS_API.tree.path]: { lang, version: '1.1', type: 0 },
    [contracts.PREPAY_REPORT_API.debtPayments.path]: { customerId: METER },
    [contracts.COLLECTION_API.jobs.path]: { meterId: METER },
    [contracts.CASH_UP_API.read.path]: { from: dayBefore(30), to: dayBefore(0) },
    [contracts.REVENUE_PROTECTION_API.transformerBalance.path]: { days: [dayBefore(30), dayBefore(1)] },
    [contracts.VENDOR_API.statement.path]: { vendorId: VENDOR },
    [contracts.CHANNEL_API.advices.path]: { vendorId: VENDOR, messageId: 'none' },
    [contracts.REVENUE_PROTECTION_API.tamper.path]: { days: [dayBefore(30), dayBefore(1)] },
    [contracts.REVENUE_PROTECTION_API.suspects.path]: { days: [dayBefore(30), dayBefore(1)] },
    [contracts.REVPROT_CASE_API.summary.path]: { days: [dayBefore(30), dayBefore(1)] },
    // A transformer of the demo network (seed/demo-theft.ts).
    [contracts.TRANSFORMER_API.readMap.path]: { transformerId: 'TX-NORTH-1' },
    // A campaign preview needs one selector.
    [contracts.KEY_CAMPAIGN_API.preview.path]: { krn: 1 },
    [contracts.KEY_CAMPAIGN_API.meters.path]: { campaignId: 1 },
  };
  return { pageNumber: 1, pageSize: 100, lang, ...extra[path] };
};

async function read(path: string, lang: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    payload: bodyOf(path, lang),
    headers: { authorization: `Bearer ${admin}`, 'accept-language': lang },
  });
  return { status: res.statusCode, body: res.json() as { code: number; reason: string; result: unknown } };
}

// Every read has a screen now (the transformer's map shows its meters and their customers).
const NO_SCREEN = new Set<string>([]);
const READS = endpoints()
  .map((e) => e.path)
  .filter((p) => !WRITE.test(p) && !NO_SCREEN.has(p));

describe('every answer a screen shows, in the reader language', () => {
  it('walks the reads the contracts declare (grids, records, reports, dashboard, log)', () => {
    for (const p of [
      contracts.ALARM_API.read.path,
      contracts.LOG_API.read.path,
      contracts.DASHBOARD_API.panelGroup.path,
      contracts.REMOTE_TASK_API.attempts.path,
      contracts.CREDIT_API.records.path,
      contracts.PREPAY_REPORT_API.lowPurchase.path,
    ]) {
      expect(READS).toContain(p);
    }
    expect(READS.length).toBeGreaterThan(40);
  });

  it.each(['zh', 'es'])('no read answers an English sentence in %s', async (lang) => {
    const english: Array<{ path: string; at: string; text: string }> = [];
    for (const path of READS) {
      const { status, body } = await read(path, lang);
      expect([status, body.code, body.reason], path).toEqual([200, 0, 'success']);
      for (const s of strings(body.result)) {
        if (skipped(s.key, lang)) continue;
        const found = englishSentence(s.text) ?? loneEnglish(s.key, s.text);
        if (found) english.push({ path, at: s.at, text: s.text });
      }
    }
    expect(english.slice(0, 20)).toEqual([]);
  });

  it.each(['zh', 'es'])('the server text the walk met is there, in %s', async (lang) => {
    const alarmRows = (await read(contracts.ALARM_API.read.path, lang)).body.result as {
      data: Array<{ detail: string | null; ackRemark: string | null }>;
    };
    const texts = alarmRows.data.flatMap((a) => [a.detail, a.ackRemark]).filter(Boolean);
    // The demo's own alarms (offline meters, tampering) and the closed ones above, every one translated.
    expect(texts.length).toBeGreaterThan(4);
    const tasks = (await read(contracts.REMOTE_TASK_API.control.get.path, lang)).body.result as {
      data: Array<{ data: string | null; reason: string | null }>;
    };
    expect(tasks.data.map((r) => r.data)).toContain(lang === 'zh' ? '继电器闭合' : 'relé conectado');
    // The audit log's one-line contents: what the demo seed counted.
    const log = (await read(contracts.LOG_API.read.path, lang)).body.result as {
      data: Array<{ action: string; content: string | null }>;
    };
    const seeded = log.data.find((r) => r.action === 'SeedDemoHistory')?.content ?? '';
    expect(seeded).toMatch(
      lang === 'zh'
        ? /^\d+ 条日数据，\d+ 笔购电，\d+ 条水表数据$/
        : /^\d+ filas diarias, \d+ compras, \d+ filas de agua$/,
    );
    const meterTests = (await read(contracts.METER_TEST_API.read.path, lang)).body.result as {
      data: Array<{ content: string }>;
    };
    expect(meterTests.data.at(-1)?.content).toBe(lang === 'zh' ? '全部测试' : 'Todas las pruebas');
    const jobs = (await read(contracts.COLLECTION_API.jobs.path, lang)).body.result as Array<{
      reason: string;
    }>;
    expect(jobs.map((j) => j.reason)).toContain(lang === 'zh' ? '该小时已过' : 'la hora ya pasó');
  });

  it.each(['zh', 'es'])('the console names every log object and action the log holds in %s', async (lang) => {
    const { objects, actions } = logCatalogue(lang);
    const rows = (await read(contracts.LOG_API.read.path, lang)).body.result as {
      data: Array<{ title: string; action: string }>;
    };
    expect(rows.data.length).toBeGreaterThan(0);
    const key = (code: string) => code.replace(/[ .]/g, '');
    const missing = rows.data.flatMap((r) => [
      ...(objects[key(r.title)] ? [] : [`object ${r.title}`]),
      ...(actions[key(r.action)] ? [] : [`action ${r.action}`]),
    ]);
    expect([...new Set(missing)]).toEqual([]);
  });

  it.each(['zh', 'es'])('the console names every object and action the server audits, in %s', (lang) => {
    const { objects, actions } = logCatalogue(lang);
    const written = auditCodes();
    expect(written.titles.length).toBeGreaterThan(20);
    const key = (code: string) => code.replace(/[ .]/g, '');
    expect(written.titles.filter((c) => !objects[key(c)])).toEqual([]);
    expect(written.actions.filter((c) => !actions[key(c)])).toEqual([]);
  });

  it('answers the machine English to a reader who names no language (the original wire contract)', async () => {
    const res = await t.call<{ data: Array<{ reason: string | null }> }>(
      contracts.REMOTE_TASK_API.reading.get.path,
      { pageNumber: 1, pageSize: 100, lang: 'en' },
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    expect(res.result.data.map((r) => r.reason)).toEqual(expect.arrayContaining(REASONS));
  });

  it('the detector sees English and lets ids, numbers, units, meter numbers and names pass', () => {
    expect(englishSentence('no daily reading for 3 days')).toBe('no daily');
    expect(englishSentence('Relay Connected')).toBe('Relay Connected');
    expect(englishSentence('47300000001 FE 68 11')).toBeNull();
    expect(englishSentence('credit 4.5 kWh')).toBeNull();
    expect(englishSentence('Ngozi Okafor')).toBeNull();
    expect(englishSentence('6020 5509 9772 4444 6110')).toBeNull();
    expect(englishSentence('电表错误 02: 电表拒绝: 无请求数据')).toBeNull();
    expect(englishSentence('error del medidor 02')).toBeNull();
    expect(loneEnglish('data', 'accepted')).toBe('accepted');
    expect(loneEnglish('meterId', 'NORTH')).toBeNull();
  });
});
