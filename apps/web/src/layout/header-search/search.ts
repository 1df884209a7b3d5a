import Fuse from 'fuse.js';
import type { SearchEntry } from '../../lib/routes';

/** HS3: the original's Fuse options (threshold 0.4; title 0.7, pinyin and path 0.3). */
export const FUSE_OPTIONS = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'pinyinTitle', weight: 0.3 },
    { name: 'path', weight: 0.3 },
  ],
};

export type Searcher = (query: string) => SearchEntry[];

export function createSearcher(pool: readonly SearchEntry[]): Searcher {
  const fuse = new Fuse(pool, FUSE_OPTIONS);
  // An empty query offers nothing (HS3); Fuse 7 returns { item } records.
  return (query) => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : []);
}

/**
 * HS5: adds toneless pinyin of every title part, syllables joined without spaces (首页 → shouye). Each
 * part is its own search string, so 充值 ranks above 充值记录 for "chongzhi"; unlike the original,
 * which kept only the last part, the group's part is searchable too.
 */
export function withPinyin(pool: readonly SearchEntry[], toPinyin: (text: string) => string): SearchEntry[] {
  return pool.map((e) => ({ ...e, pinyinTitle: e.title.map(toPinyin) }));
}

/** Loads pinyin-pro only when Chinese search needs it: it is a large dictionary. */
export async function loadPinyin(): Promise<(text: string) => string> {
  const { pinyin } = await import('pinyin-pro');
  return (text) => pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('');
}
