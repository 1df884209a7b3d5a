import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import { asyncRoutes, constantRoutes } from '../../app/route-table';
import { filterRoutes, searchPool } from '../../lib/routes';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import { createSearcher, FUSE_OPTIONS, withPinyin } from './search';

const all = filterRoutes(
  [...constantRoutes, ...asyncRoutes],
  'Token.CreditToken,TokenRecord.CreditTokenRecord,RemoteMeterTask.CreateReadingTask,RemoteMeterTaskRecord.GetReadingTask+RemoteMeterTaskRecord.UpdateReadingTask,Setting.User,Setting.Role',
);
const tr = (pack: Record<string, string>) => (key: string) => pack[key] ?? key;
const toPinyin = (s: string) => pinyin(s, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('');

describe('header search', () => {
  it('uses the spec options: threshold 0.4, title 0.7, pinyin and path 0.3', () => {
    expect(FUSE_OPTIONS.threshold).toBe(0.4);
    expect(FUSE_OPTIONS.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'pinyinTitle', weight: 0.3 },
      { name: 'path', weight: 0.3 },
    ]);
  });

  it('finds English titles, best first, and nothing for an empty query', () => {
    const search = createSearcher(searchPool(all, tr(en.route)));
    expect(search('')).toEqual([]);
    expect(search('credit token')[0]?.path).toBe('/token-generate/credit-token');
    expect(search('meter reading task')[0]?.title).toEqual(['Remote Operation Task', 'Meter Reading Task']);
    expect(search('role')[0]?.path).toBe('/setting/role');
    // Path matches count too.
    expect(search('setting/user')[0]?.path).toBe('/setting/user');
  });

  it('finds Chinese titles by pinyin, the exact page before longer ones', () => {
    const search = createSearcher(withPinyin(searchPool(all, tr(zh.route)), toPinyin));
    const hits = search('chongzhi');
    expect(hits[0]?.title).toEqual(['令牌生成', '充值']);
    expect(hits.map((h) => h.path)).toContain('/token-record/credit-token-record');
    expect(search('shouye')[0]?.path).toBe('/dashboard');
    expect(search('充值')[0]?.path).toBe('/token-generate/credit-token');
  });

  it('never offers pages the role lacks', () => {
    const search = createSearcher(searchPool(all, tr(en.route)));
    expect(search('gateway')).toEqual([]);
  });
});
