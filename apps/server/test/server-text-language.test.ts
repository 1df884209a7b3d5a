import { REMOTE_TASK_API } from '@prepay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteTasks } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './harness.js';
import { TASK_KINDS, tasksOfEveryKind } from './task-reasons.js';

/**
 * Text the server writes, read by a console in Chinese or Spanish: no English sentence may reach the
 * screen. The tasks carry the reasons the runner and the head-end write (link down, no reply, the
 * meter's refusal, a retry, a restart); each task grid the console shows is read in zh and es, and
 * every string of every row is put to a detector of English sentences. A read in English still answers
 * the machine's sentence, as a client of the original expects.
 */

/** Common English words: two of them side by side are an English sentence (ids and codes never are). */
const ENGLISH = new Set(
  (
    'a an the of from to in on for with within by is are was be has have had not no yes and or but ' +
    'meter meters error refused reply link live registered server stopped while task ran retrying ' +
    'already requests queued accepted command status word says token data other offline interrupted ' +
    'head end closing cannot encoded request success failure timeout busy bad frame'
  ).split(' '),
);

/** The first pair of neighbouring English words in `text`, or null. */
export function englishSentence(text: string): string | null {
  const words = text.split(/[^A-Za-z]+/).filter(Boolean);
  for (let i = 1; i < words.length; i++) {
    const [a, b] = [words[i - 1] ?? '', words[i] ?? ''];
    if (ENGLISH.has(a.toLowerCase()) && ENGLISH.has(b.toLowerCase())) return `${a} ${b}`;
  }
  return null;
}

/** Every string in an answer, with where it stands. */
function strings(value: unknown, at = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  }
  return [];
}

const METER = '47300000001';
const REASONS = [
  'meter error 02: meter refused: no-data',
  'offline: meter 47300000001 has no live link; retrying',
  'no reply from meter 47300000001 within 5000 ms',
  'interrupted: the server stopped while the task ran; retrying',
  '3 requests already queued for meter 47300000001; retrying',
  'offline: meter 47300000001 is not registered',
  'token already accepted',
];

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  await t.database.db
    .insert(remoteTasks)
    .values(tasksOfEveryKind(REASONS, { meterId: METER, stationId: '0001' }, 0));
});
afterAll(() => t.close());

/** Each task grid the console's Remote Operation and DL/T 645 task pages read. */
const GRIDS = [...TASK_KINDS.map((k) => REMOTE_TASK_API[k].get.path), REMOTE_TASK_API.all.path];

const read = async (path: string, lang: string) => {
  const res = await t.call<{ data: unknown[] }>(path, { lang, pageNumber: 1, pageSize: 100 }, admin);
  expect(res.code, res.reason).toBe(0);
  return res.result.data;
};

describe('server-made text in the reader language', () => {
  it.each(['zh', 'es'])('no task grid answers an English sentence in %s', async (lang) => {
    for (const path of GRIDS) {
      const rows = await read(path, lang);
      expect(rows.length, path).toBeGreaterThan(0);
      const english = strings(rows)
        .map(([at, text]) => ({ at, text, pair: englishSentence(text) }))
        .filter((s) => s.pair !== null);
      expect(english, path).toEqual([]);
    }
  });

  it('answers the English sentence to a reader in English (the original wire contract)', async () => {
    const rows = (await read(REMOTE_TASK_API.reading.get.path, 'en')) as Array<{ reason: string }>;
    expect(rows.map((r) => r.reason).sort()).toEqual([...REASONS].sort());
  });

  it('the detector sees English and lets ids, codes and the other languages pass', () => {
    expect(englishSentence('meter error 02: meter refused: no-data')).toBe('meter error');
    expect(englishSentence('47300000001 FE 68 11')).toBeNull();
    expect(englishSentence('电表错误 02: 电表拒绝: 无请求数据')).toBeNull();
    expect(englishSentence('error del medidor 02')).toBeNull();
  });
});
