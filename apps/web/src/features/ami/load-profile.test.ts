import { FIRMWARE_MAX_BYTES, type LoadProfileRow } from '@prepay/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { imageProblem } from './firmware-image';
import { profileChart, profileTable, profileWorkbook } from './load-profile';

const row = (meterId: string, currentDate: string, data: string): LoadProfileRow => ({
  createId: null,
  createDate: currentDate,
  updateId: null,
  updateDate: currentDate,
  remark: null,
  customerId: null,
  customerName: `Customer ${meterId}`,
  meterId,
  ctRatio: null,
  currentDate,
  data,
  headline: 'Active energy (kWh),Remaining credit (kWh),Consumption (kWh)',
  stationId: '01',
});

const rows = [
  row('B2', '2026-11-02 01:00:00', '12.5,40,0.3'),
  row('A1', '2026-11-02 02:00:00', '10,,0.4'),
  row('A1', '2026-11-02 01:00:00', '9.6,30.2,x'),
];

describe('load profile table', () => {
  it('splits the headline and data into columns, per meter then time, blanks and junk as null', () => {
    const t = profileTable(rows);
    expect(t.headers).toEqual(['Active energy (kWh)', 'Remaining credit (kWh)', 'Consumption (kWh)']);
    expect(t.lines.map((l) => [l.meterId, l.currentDate, l.values])).toEqual([
      ['A1', '2026-11-02 01:00:00', [9.6, 30.2, null]],
      ['A1', '2026-11-02 02:00:00', [10, null, 0.4]],
      ['B2', '2026-11-02 01:00:00', [12.5, 40, 0.3]],
    ]);
  });

  it('has no columns and no lines for no rows', () => {
    expect(profileTable([])).toEqual({ headers: [], lines: [] });
  });

  it('charts one line per meter of the chosen column, over time', () => {
    const option = profileChart(profileTable(rows), 2);
    const series = option.series as { name: string; data: unknown[] }[];
    expect(series.map((s) => s.name)).toEqual(['A1', 'B2']);
    expect(series[0]?.data).toEqual([
      ['2026-11-02T01:00:00', null],
      ['2026-11-02T02:00:00', 0.4],
    ]);
    expect((option.yAxis as { name: string }).name).toBe('Consumption (kWh)');
  });

  it('downloads the grid as one worksheet: the lead columns, the headline, one row per reading', async () => {
    const titles = { meterId: 'Meter Id', customerName: 'Customer Name', currentDate: 'Collection Date' };
    const buffer = await profileWorkbook(profileTable(rows), titles, 'Hourly energy curve');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as ArrayBuffer);
    const ws = wb.getWorksheet('Hourly energy curve');
    if (!ws) throw new Error('no Hourly energy curve sheet');
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Meter Id',
      'Customer Name',
      'Collection Date',
      'Active energy (kWh)',
      'Remaining credit (kWh)',
      'Consumption (kWh)',
    ]);
    expect(values(3)).toEqual(['A1', 'Customer A1', '2026-11-02 02:00:00', 10, undefined, 0.4]);
    expect(ws.rowCount).toBe(4);
  });
});

describe('firmware image check', () => {
  it('takes a .bin of at most 2 MB', () => {
    expect(imageProblem({ name: 'meter-v2.BIN', size: FIRMWARE_MAX_BYTES })).toBeNull();
  });

  it('refuses a file that is not .bin, and one over 2 MB with its size', () => {
    expect(imageProblem({ name: 'image.hex', size: 10 })).toEqual({
      key: 'ami.notBin',
      values: { name: 'image.hex' },
    });
    expect(imageProblem({ name: 'big.bin', size: FIRMWARE_MAX_BYTES + 1 })).toEqual({
      key: 'ami.tooLarge',
      values: { name: 'big.bin', size: '2.00 MB' },
    });
  });
});
