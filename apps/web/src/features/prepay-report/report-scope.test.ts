import { LOW_PURCHASE_DEFAULTS, type ReportScope } from '@prepay/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { i18n, type Language, loadLanguage } from '../../lib/i18n';
import { defaultRange, lowPurchaseBody } from './low-purchase-filters';
import { type ScopeKind, scopeText } from './report-scope';
import './locales';

const scope = (over: Partial<ReportScope> = {}): ReportScope => ({
  from: '2026-10-01 00:00:00',
  to: '2026-10-30 23:59:59',
  threshold: null,
  covered: 78,
  of: 2000,
  ...over,
});

const textIn = async (lang: Language, kind: ScopeKind, s: ReportScope) => {
  await loadLanguage(lang);
  return scopeText(i18n.getFixedT(lang), kind, s, lang, 'NGN');
};

describe('a report states its period, threshold and coverage', () => {
  it('Consumption Statistics: the period and how many of the meters in scope its figures stand on', async () => {
    expect(await textIn('en', 'consumption', scope())).toBe(
      'Period 2026-10-01 – 2026-10-30 · Covers up to 78 of 2,000 electricity meters a day',
    );
    expect(await textIn('zh', 'consumption', scope())).toBe(
      '统计期间 2026-10-01 至 2026-10-30 · 每日最多覆盖 2,000 块电表中的 78 块',
    );
    expect(await textIn('es', 'consumption', scope({ from: null }))).toBe(
      'Hasta 2026-10-30 · Cubre hasta 78 de 2.000 medidores de electricidad por día',
    );
  });

  it('Low Purchase: the period, the limit in the currency, and how many accounts of how many it lists', async () => {
    const listed = scope({ threshold: 1000, covered: 312, of: 1800 });
    expect(await textIn('en', 'lowPurchase', listed)).toBe(
      'Period 2026-10-01 – 2026-10-30 · Threshold: paid 1,000.00 NGN or less · Lists 312 of 1,800 accounts',
    );
    expect(await textIn('es', 'lowPurchase', listed)).toBe(
      'Periodo 2026-10-01 – 2026-10-30 · Umbral: pagado 1.000,00 NGN o menos · Lista 312 de 1.800 cuentas',
    );
    // Nothing set is said too: every account, every date.
    expect(await textIn('en', 'lowPurchase', scope({ from: null, to: null, covered: 1800, of: 1800 }))).toBe(
      'All dates · No threshold: every account · Lists 1,800 of 1,800 accounts',
    );
  });

  it('Low Purchase opens on the last 30 days, today included, and 1,000.00', () => {
    const now = dayjs('2026-11-28 10:15');
    const body = lowPurchaseBody(defaultRange(now), LOW_PURCHASE_DEFAULTS.lowLimit);
    expect(body).toEqual({
      lang: 'en',
      dateRange: ['2026-10-30 00:00:00', '2026-11-28 23:59:59'],
      lowLimit: 1000,
    });
  });
});

describe('Long Nonpurchase states as of when, its day limit and coverage', () => {
  it('names the day it counts to, the fewest days without a purchase and how many accounts it lists', async () => {
    const asOf = scope({ from: null, to: '2026-11-28 10:15:00', threshold: 30, covered: 1650, of: 1800 });
    expect(await textIn('en', 'longNonpurchase', asOf)).toBe(
      'Until 2026-11-28 · Without a purchase for at least 30 days · Lists 1,650 of 1,800 accounts',
    );
    expect(await textIn('zh', 'longNonpurchase', asOf)).toBe(
      '截至 2026-11-28 · 至少 30 天未购电 · 列出 1,800 个账户中的 1,650 个',
    );
    expect(await textIn('es', 'longNonpurchase', { ...asOf, threshold: null })).toBe(
      'Hasta 2026-11-28 · Cualquier tiempo desde la última compra · Lista 1.650 de 1.800 cuentas',
    );
  });
});

describe('Debt Situation states how many of the customers with a debt it lists', () => {
  it('in the user language', async () => {
    const asOf = scope({ from: null, to: '2026-11-28 10:15:00', covered: 12, of: 58 });
    expect(await textIn('en', 'debtSituation', asOf)).toBe(
      'Until 2026-11-28 · Lists 12 of 58 customers with a debt',
    );
    expect(await textIn('zh', 'debtSituation', asOf)).toBe('截至 2026-11-28 · 列出 58 个欠款客户中的 12 个');
    expect(await textIn('es', 'debtSituation', asOf)).toBe(
      'Hasta 2026-11-28 · Lista 12 de 58 clientes con deuda',
    );
  });
});
