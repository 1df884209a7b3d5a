import type { CashUpResult, CashUpRow, ExportLanguage } from '@prepay/contracts';
import ExcelJS from 'exceljs';
import { headerOf, numberFormatOf } from '../../lib/export-labels.js';
import { neutraliseCell } from '../../lib/xlsx.js';

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
export async function cashUpWorkbook(c: CashUpResult, lang: ExportLanguage): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const s of SHEETS) {
    const sheet = book.addWorksheet(headerOf(lang, s.key));
    sheet.columns = [s.key, ...FIGURES].map((key) => ({
      key,
      header: headerOf(lang, key),
      width: Math.max(12, headerOf(lang, key).length + 4),
      ...(numberFormatOf(key) ? { style: { numFmt: numberFormatOf(key) } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    const line = (label: string, r: CashUpRow) =>
      sheet.addRow({ [s.key]: neutraliseCell(label), ...Object.fromEntries(FIGURES.map((k) => [k, r[k]])) });
    for (const r of c[s.view]) line(r.key || headerOf(lang, 'none'), r);
    line(headerOf(lang, 'total'), c.total).font = { bold: true };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
