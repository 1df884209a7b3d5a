import type { LoadProfileRow } from '@prepay/contracts';
import type { ChartOption } from '../../components/chart/chart';

export const CURVES = ['energyCurve', 'instantaneous', 'daily', 'monthly'] as const;
export type Curve = (typeof CURVES)[number];

/** Rows read per meter: the read's page limit (a month of hourly readings is 744). */
export const ROWS_PER_METER = 1000;

/** One reading with its values in the headline's order (null where the meter gave none). */
export interface ProfileLine {
  key: string;
  meterId: string;
  customerName: string | null;
  currentDate: string;
  values: (number | null)[];
}

export interface ProfileTable {
  /** The value columns' names, as the server wrote them in the user's language. */
  headers: string[];
  lines: ProfileLine[];
}

const number = (cell: string | undefined) => {
  if (cell === undefined || cell.trim() === '') return null;
  const n = Number(cell);
  return Number.isFinite(n) ? n : null;
};

/**
 * The rows' comma-separated `headline`/`data` pairs as columns; every row of one curve has the same
 * headline, so the first names them. Lines are ordered by meter, then time.
 */
export function profileTable(rows: readonly LoadProfileRow[]): ProfileTable {
  const headers = rows[0]?.headline ? rows[0].headline.split(',') : [];
  const lines = rows.map((r) => {
    const cells = r.data.split(',');
    return {
      key: `${r.meterId}:${r.currentDate}`,
      meterId: r.meterId,
      customerName: r.customerName,
      currentDate: r.currentDate,
      values: headers.map((_, i) => number(cells[i])),
    };
  });
  lines.sort((a, b) => a.meterId.localeCompare(b.meterId) || a.currentDate.localeCompare(b.currentDate));
  return { headers, lines };
}

/** One line per meter over time, of the chosen value column. */
export function profileChart(table: ProfileTable, column: number): ChartOption {
  const meters = [...new Set(table.lines.map((l) => l.meterId))];
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 28, containLabel: true },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', name: table.headers[column] ?? '', nameTextStyle: { align: 'left' } },
    series: meters.map((meterId) => ({
      type: 'line',
      name: meterId,
      showSymbol: false,
      connectNulls: false,
      data: table.lines
        .filter((l) => l.meterId === meterId)
        .map((l) => [l.currentDate.replace(' ', 'T'), l.values[column] ?? null]),
    })),
  } as ChartOption;
}

/** The fixed leading columns' titles of the grid and the download. */
export interface LeadTitles {
  meterId: string;
  customerName: string;
  currentDate: string;
}

/** The table as the grid shows it, one worksheet (exceljs is loaded only when a user downloads). */
export async function profileWorkbook(table: ProfileTable, titles: LeadTitles, sheet: string) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet.slice(0, 31));
  ws.addRow([titles.meterId, titles.customerName, titles.currentDate, ...table.headers]);
  ws.getRow(1).font = { bold: true };
  for (const l of table.lines) ws.addRow([l.meterId, l.customerName ?? '', l.currentDate, ...l.values]);
  ws.columns.forEach((c, i) => {
    c.width = i < 3 ? 20 : 16;
  });
  return wb.xlsx.writeBuffer();
}
