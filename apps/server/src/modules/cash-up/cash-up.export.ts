import type { CashUpResult, CashUpRow, ExportLanguage } from '@prepay/contracts';
import { headerOf, numberFormatOf } from '../../lib/export-labels.js';
import { workbookBuffer } from '../../lib/xlsx.js';

const FIGURES: (keyof CashUpRow)[] = [
  'count',
  'units',
  'totalPaid',
  'energyCharge',
  'tax',
  'monthlyCharge',
  'debtRecovered',
  'cancelledCount',
  'cancelledTotalPaid',
];

const SHEETS: { view: 'byOperator' | 'byStation' | 'byPaymentMethod' | 'byDay'; key: string }[] = [
  { view: 'byOperator', key: 'operator' },
  { view: 'byStation', key: 'station' },
  { view: 'byPaymentMethod', key: 'paymentMethod' },
  { view: 'byDay', key: 'day' },
];

/**
 * The cash-up as a workbook: one sheet per view (operator, station, payment method, day), translated
 * titles, money as numbers with 2 places, and a Total row under each (a value, never a formula).
 */
export function cashUpWorkbook(c: CashUpResult, lang: ExportLanguage): Promise<Buffer> {
  return workbookBuffer(
    SHEETS.map((s) => {
      const line = (label: string, r: CashUpRow) => ({
        [s.key]: label,
        ...Object.fromEntries(FIGURES.map((k) => [k, r[k]])),
      });
      return {
        name: headerOf(lang, s.key),
        columns: [s.key, ...FIGURES].map((key) => ({
          key,
          header: headerOf(lang, key),
          ...(numberFormatOf(key) ? { numFmt: numberFormatOf(key) } : {}),
        })),
        rows: [
          ...c[s.view].map((r) => line(r.key || headerOf(lang, 'none'), r)),
          line(headerOf(lang, 'total'), c.total),
        ],
        totalLast: true,
      };
    }),
  );
}
