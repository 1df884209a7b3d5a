import type { LogRow } from '@prepay/contracts';
import { describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n';
import { logSummary } from './log-words';
import './locales';

const row = (over: Partial<LogRow>): LogRow =>
  ({
    logId: 1,
    title: 'System',
    action: 'SeedDemoHistory',
    content: null,
    contentBefore: null,
    contentAfter: '[{"meterId":"47300000001"},{"meterId":"47300000002"}]',
    ipAddress: null,
    userId: 'admin',
    stationId: null,
    createId: 'admin',
    createDate: '2026-11-28 07:00:00',
    updateDate: '2026-11-28 07:00:00',
    ...over,
  }) as LogRow;

const summaryIn = async (lang: 'en' | 'zh' | 'es', r: LogRow) => {
  await loadLanguage(lang);
  return logSummary(i18n.getFixedT(lang), r);
};

describe('a log row as one sentence in the user language', () => {
  it('names who, what, which object and how many, without the JSON or the internal code', async () => {
    expect(await summaryIn('en', row({}))).toBe('admin: Load demo history · System (2 records)');
    expect(await summaryIn('zh', row({}))).toBe('admin：载入演示历史 · 系统（2 条）');
    expect(
      await summaryIn(
        'es',
        row({ action: 'Delete', title: 'Meter', contentAfter: null, contentBefore: '{}' }),
      ),
    ).toBe('admin: Eliminar · Medidor');
  });

  it('spells an uncatalogued code as words, never as the raw identifier', async () => {
    expect(await summaryIn('en', row({ action: 'RotateKeys', contentAfter: null }))).toBe(
      'admin: Rotate Keys · System',
    );
  });
});
