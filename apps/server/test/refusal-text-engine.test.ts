import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../src/lib/refusal-text.js';
import { englishSentence } from './english-text.js';
import { REFUSAL_ENGLISH } from './refusal-words.js';

/**
 * Sentences written outside the server that a refusal passes on read in Chinese and Spanish: every error
 * the STS engine throws (a token request answers its message) and every message the contracts attach to a
 * field (a validation answer names it after the field). Found in the source as written, so a new one
 * without its wording fails here.
 */
const ROOT = join(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** The command line's and the JSON-ops protocol's own messages are the engine's tools', never an API answer. */
const NOT_SERVED = new Set(['cli.ts', 'ops.ts']);
const STS_ERROR = /new StsError\(\s*'[A-Z_0-9]+',\s*(`[^`]*`|'[^']*')/g;

function stsMessages(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(join(ROOT, 'packages/sts/src'))) {
    if (NOT_SERVED.has(file.split('/').pop() ?? '')) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(STS_ERROR)) found.add((m[1] ?? '').slice(1, -1));
  }
  return [...found];
}

/** A field's own message: `message: '…'` (each branch of a choice), `.regex(…, '…')`, `.email('…')`. */
const MESSAGE = /(?:message:|\.regex\(.*?,|\.email\()\s*((?:[^;{}]|\{[^}]*\})*?)[,)}\n]\s*(?:path|\}|\)|$)/gm;
const QUOTED = /'([^']*)'|`([^`]*)`/g;

function contractMessages(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(join(ROOT, 'packages/contracts/src'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(MESSAGE)) {
      for (const q of (m[1] ?? '').matchAll(QUOTED)) {
        const s = q[1] ?? q[2] ?? '';
        if (/ /.test(s) && !s.startsWith('^')) found.add(s);
      }
    }
  }
  return [...found];
}

/** What the engine puts in a `${…}`: a field's name, a subclass list, a number otherwise. */
const fill = (template: string) =>
  template
    .replace(/\$\{field\}/g, 'amountUnits')
    .replace(/\$\{what\}/g, /subclass/.test(template) ? 'raw-value management token' : 'control')
    .replace(/\$\{allowed\.join\([^}]*\)\}/g, '0, 1')
    .replace(/\$\{(?:[^{}]|\{[^}]*\})*\}/g, '7');

const untranslated = (sentences: string[], lang: 'zh' | 'es', reasonOf: (s: string) => string) =>
  sentences.filter((s) => {
    const reason = reasonOf(fill(s));
    const read = refusalText(reason, lang);
    return read === reason || englishSentence(read, REFUSAL_ENGLISH) !== null;
  });

describe('sentences from the engine and the contracts read in Chinese and Spanish', () => {
  const sts = stsMessages();
  const contracts = contractMessages();

  it('finds what the engine and the contracts write', () => {
    expect(sts.length).toBeGreaterThan(50);
    expect(sts).toContain('the meter number (IAIN) must be 11 or 13 digits');
    expect(contracts.length).toBeGreaterThan(10);
    expect(contracts).toContain('Total unit must be a positive quantity with at most 1 decimal');
  });

  it.each(['zh', 'es'] as const)(
    'every STS error as a refusal, and inside a meter import problem, in %s',
    (lang) => {
      expect(untranslated(sts, lang, (s) => s)).toEqual([]);
      expect(
        untranslated(sts, lang, (s) => `Nothing was saved. Line 1: X1: cannot derive the decoder key: ${s}`),
      ).toEqual([]);
    },
  );

  it.each(['zh', 'es'] as const)("every contract's field message in a validation answer in %s", (lang) => {
    expect(untranslated(contracts, lang, (s) => `Not accepted. Line 1, Amount: ${s}`)).toEqual([]);
  });

  it('a field no column titles is named as the API spells it, never in English words', () => {
    expect(refusalText('Not accepted. Is Vend By Total Paid: a value is required', 'zh')).toBe(
      '未被接受。isVendByTotalPaid：必填',
    );
  });

  it('a shortfall keeps its figures and renders what is taken first', () => {
    const reason =
      '50 does not cover the monthly charge 500.00 and the debt share 10.00: the least amount that vends is 512.08';
    expect(refusalText(reason, 'zh')).toBe(
      '50 不足以支付须先扣除的月费 500.00 和欠款分摊 10.00：最低可售金额为 512.08',
    );
    expect(refusalText(reason, 'es')).toBe(
      '50 no cubre el cargo mensual 500.00 y la cuota de deuda 10.00, que se cobran primero: el importe mínimo que vende es 512.08',
    );
    expect(refusalText('1.00 is too small to buy 0.1 unit: the least amount that vends is 1.08', 'es')).toBe(
      '1.00 no alcanza para 0,1 unidad: el importe mínimo que vende es 1.08',
    );
  });
});
