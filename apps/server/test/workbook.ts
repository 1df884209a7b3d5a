import ExcelJS from 'exceljs';

/** An .xlsx file of one sheet holding `rows`, as a user's spreadsheet program writes it. */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An .xlsx file read back (an export's answer). */
export async function workbookOf(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  // exceljs takes an ArrayBuffer of exactly the file: a copy, whatever buffer the bytes sit in.
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(copy);
  return wb;
}

/** The first sheet of an .xlsx file. */
export async function firstSheet(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const ws = (await workbookOf(bytes)).worksheets[0];
  if (!ws) throw new Error('the file has no sheet');
  return ws;
}

/** The first sheet's rows (header included) as arrays of cell values. */
export async function sheetRows(bytes: Uint8Array): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  (await firstSheet(bytes)).eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
