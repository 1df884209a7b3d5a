import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './i18n';

/** The shell's catalogue (src/locales) and every feature's (src/<area>/<name>/<catalogue>/{en,zh,es}.json). */
const files = import.meta.glob<{ default: object }>('/src/**/*locales/*.json', { eager: true });

type Catalogue = Record<(typeof LANGUAGES)[number], unknown>;

function catalogues(): Map<string, Partial<Catalogue>> {
  const byFolder = new Map<string, Partial<Catalogue>>();
  for (const [path, module] of Object.entries(files)) {
    const match = /^\/(.+)\/(\w+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) throw new Error(`Unexpected catalogue file ${path}`);
    const entry = byFolder.get(match[1]) ?? {};
    entry[match[2] as keyof Catalogue] = module.default;
    byFolder.set(match[1], entry);
  }
  return byFolder;
}

/** Each leaf as `path => placeholders`, so a key or a `{{value}}` missing in one language shows by name. */
function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') {
    const placeholders = [...value.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    return [`${prefix} => ${placeholders.join(',')}`];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
  }
  throw new Error(`${prefix}: not a string or a group`);
}

describe('translation catalogues', () => {
  const all = catalogues();

  it('finds the feature catalogues as well as the shell one', () => {
    expect(all.size).toBeGreaterThan(10);
    expect([...all.keys()]).toContain('src/locales');
    expect([...all.keys()]).toContain('src/components/list-page/locales');
  });

  for (const [folder, catalogue] of all) {
    it(`${folder}: zh and es have exactly the keys and placeholders of en`, () => {
      for (const language of LANGUAGES) expect(catalogue[language], `${folder}/${language}`).toBeDefined();
      const en = leaves(catalogue.en).sort();
      expect(en.length).toBeGreaterThan(0);
      expect(leaves(catalogue.zh).sort()).toEqual(en);
      expect(leaves(catalogue.es).sort()).toEqual(en);
    });
  }
});
