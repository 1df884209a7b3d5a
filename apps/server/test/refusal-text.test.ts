import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../src/lib/refusal-text.js';
import { englishSentence } from './english-text.js';
import { REFUSAL_ENGLISH } from './refusal-words.js';

/**
 * Every refusal the server's source writes has a Chinese and a Spanish wording: the templates are found
 * in the source as the calls spell them (a batch's row problems too), so a new English refusal without its rule fails here. Each
 * `${…}` of a template is filled with samples of what the code puts there (an id, a thing's name, a
 * sentence it is built from); a template passes when one filling reads with no English sentence.
 */
const SRC = join(import.meta.dirname, '../src');
const CALL =
  /(refuse|refuseWith|invalid|notFound|forbidden|tooLarge|unauthenticated|unauthorized|problem)\((`[^`]*`|'[^']*')/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every refusal template in the source: [kind, text with `${…}` left in]. */
function templates(): Array<[string, string]> {
  const found = new Map<string, [string, string]>();
  for (const file of sourceFiles(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(CALL)) {
      const text = (m[2] ?? '').slice(1, -1).replace(/\\\\/g, '\\');
      found.set(`${m[1]} ${text}`, [m[1] ?? '', text]);
    }
  }
  return [...found.values()];
}

/** What the code puts in a `${…}`, by the expression's first name; an id or a number otherwise. */
const SAMPLES: Record<string, string[]> = {
  what: ['Meter', 'User u7: password', 'a value is not valid for its field', 'file', 'Role'],
  problem: ['A password has at least 8 characters'],
  prefix: ['Nothing was saved'],
  DUPLICATE_LINES: ['The imported file has duplicate lines'],
  TOO_DEEP: ['nested more than 64 levels deep (no request needs that many)'],
  plainIssues: ['Line 1, Meter Id: a value is required'],
  shown: ['Line 2: Meter 7 not found'],
  more: ['', '; … and 3 more'],
  duplicates: ['row 3 repeats row 2', 'row 3 has the same Customer Id as row 2 (C1)'],
  field: ['steps', 'meterId'],
  e: ['7'],
  head: ['50 is too small to buy 0.1 unit', '50 does not cover the monthly charge 500.00'],
};
const samplesOf = (expression: string) => SAMPLES[/^\w+/.exec(expression)?.[0] ?? ''] ?? ['7'];

/** The reasons a template can make, one per combination of samples. */
function fillings(template: string): string[] {
  const slot = /\$\{((?:[^{}]|\{[^}]*\})*)\}/.exec(template);
  if (!slot) return [template];
  return samplesOf(slot[1] ?? '').flatMap((s) =>
    fillings(template.slice(0, slot.index) + s + template.slice(slot.index + slot[0].length)),
  );
}

/** The reason a call answers: a row's problem is named in the batch's refusal. */
function reasonOf(kind: string, text: string) {
  if (kind === 'notFound') return `${text} not found`;
  return kind === 'problem' ? `Nothing was saved. Line 1: X1: ${text}` : text;
}

describe('every refusal in the source reads in Chinese and Spanish', () => {
  const all = templates();

  it('finds the refusals the source writes', () => {
    expect(all.length).toBeGreaterThan(80);
  });

  it.each(['zh', 'es'] as const)('each template has a %s wording', (lang) => {
    const missing = all.filter(([kind, text]) =>
      fillings(text).every((english) => {
        const reason = reasonOf(kind, english);
        const read = refusalText(reason, lang);
        return read === reason || englishSentence(read, REFUSAL_ENGLISH) !== null;
      }),
    );
    expect(missing.map(([, text]) => text)).toEqual([]);
  });

  it('keeps ids and numbers as written and leaves English untouched', () => {
    expect(refusalText('Meter 47300000001 belongs to another station', 'zh')).toBe(
      '电表 47300000001 属于其他站点',
    );
    expect(refusalText('Quota exceeded: 12.5 kWh asked, 3 kWh left', 'es')).toBe(
      'Cuota superada: se piden 12.5 kWh y quedan 3 kWh',
    );
    expect(refusalText('The request has duplicate lines', 'en')).toBe('The request has duplicate lines');
  });

  it('renders a validation answer place by place', () => {
    expect(refusalText('Not accepted. Line 1, Decoder Key: must be at least 16 characters', 'zh')).toMatch(
      /^未被接受。第 1 行，\S+：至少 16 个字符$/,
    );
  });

  it('the English detector finds the English these templates are written in', () => {
    expect(englishSentence('The authorization password is incorrect', REFUSAL_ENGLISH)).not.toBeNull();
  });
});
