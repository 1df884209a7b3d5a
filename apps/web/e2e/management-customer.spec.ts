import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { bodyRows, describeConsole, openAddDialog, signIn } from './helpers';

const total = (page: Page) => page.getByTestId('list-total');
/** Header icons (antd repeats the titles in a hidden measure row of the body). */
const head = (page: Page) => page.locator('[data-testid=list-table] thead');

async function openCustomers(page: Page) {
  await signIn(page);
  await page.goto('/management/customer');
  // Generous: the first visit loads the page chunk on a busy test machine.
  await expect(page.getByTestId('list-customer')).toBeVisible({ timeout: 30_000 });
  await expect(total(page)).toHaveText(/Total \d+/, { timeout: 30_000 });
}

async function search(page: Page, term: string) {
  await page.getByTestId('list-search-term').fill(term);
  await page.getByTestId('list-search').click();
}

async function addCustomer(page: Page, id: string, name: string, phone: string) {
  const dialog = await openAddDialog(page, 'Add Customer');
  await dialog.getByTestId('field-customerId').fill(id);
  await dialog.getByTestId('field-customerName').fill(name);
  await dialog.getByTestId('field-phone').fill(phone);
  await dialog.getByTestId('field-address').fill('12 Market Road');
  await dialog.getByTestId('form-submit').click();
  await expect(dialog).toBeHidden();
}

/** Reads a downloaded workbook's first sheet into header-keyed objects. */
async function readSheet(path: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  const rows: Record<string, unknown>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
  });
  return { header, rows };
}

describeConsole('management: customer', () => {
  test('create, edit, filter, sort and delete a customer', async ({ page }) => {
    await openCustomers(page);
    const prefix = `E2EC${Date.now() % 1_000_000}`;

    // Validation messages of spec §5.
    const dialog = await openAddDialog(page, 'Add Customer');
    await dialog.getByTestId('form-submit').click();
    await expect(dialog.getByText('Required')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await addCustomer(page, `${prefix}-1`, 'Amina Yusuf', '0803000001');
    await addCustomer(page, `${prefix}-2`, 'Bola Ade', '0803000002');

    // Column filter on the name: icon turns red and the server's total counts only the match (the
    // grid holds the demo customers too). Wait for what the user sees, not for a request: the read
    // may already be on its way, or answered from the cache, before a request listener is in place.
    await head(page).getByTestId('filter-customerName').click();
    await page.getByTestId('filter-input-customerName').fill('Amina Yusuf');
    await page.getByTestId('filter-apply-customerName').click();
    await expect(head(page).getByTestId('filter-customerName')).toHaveAttribute('data-active', 'true');
    await expect(total(page)).toHaveText('Total 1');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(`${prefix}-1`);

    // Edit it.
    await bodyRows(page).first().getByTestId('row-edit').click();
    const edit = page.getByRole('dialog', { name: 'Edit Customer' });
    await expect(edit.getByTestId('field-customerId')).toBeDisabled();
    await edit.getByTestId('field-customerName').fill('Amina Yusuf-Bello');
    await edit.getByTestId('form-submit').click();
    await expect(edit).toBeHidden();

    // Reset clears the filter (icon blue again); search by the prefix finds both.
    await page.getByTestId('list-reset').click();
    await expect(head(page).getByTestId('filter-customerName')).toHaveAttribute('data-active', 'false');
    await search(page, prefix);
    await expect(total(page)).toHaveText('Total 2');
    await expect(bodyRows(page).first()).toContainText('Amina Yusuf-Bello');

    // Sort popover → server-side orderBy: the order of the rows flips.
    await expect(bodyRows(page).first()).toContainText(`${prefix}-1`);
    await head(page).getByTestId('sort-customerId').click();
    await page.getByTestId('sort-desc-customerId').click();
    await expect(bodyRows(page).first()).toContainText(`${prefix}-2`);
    await expect(bodyRows(page).nth(1)).toContainText(`${prefix}-1`);
    await head(page).getByTestId('sort-customerId').click();
    await page.getByTestId('sort-asc-customerId').click();
    await expect(bodyRows(page).first()).toContainText(`${prefix}-1`);

    // Delete both after the confirmation of the original.
    await page.locator('[data-testid=list-table] thead .ant-checkbox-input').check();
    await page.getByTestId('list-delete').click();
    await expect(
      page.getByText('This operation will permanently delete the file. Do you want to continue?'),
    ).toBeVisible();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByText('Deleted successfully')).toBeVisible();
    await expect(total(page)).toHaveText('Total 0');
  });

  test('import a downloaded template filled with rows, then export and open the file', async ({ page }) => {
    await openCustomers(page);
    const prefix = `E2EI${Date.now() % 1_000_000}`;
    const dir = await mkdtemp(join(tmpdir(), 'prepay-import-'));

    // Template through the UI.
    await page.getByTestId('list-import').click();
    const importDialog = page.getByTestId('import-dialog');
    await expect(importDialog).toContainText('Drop excel file here or');
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-template').click(),
    ]);
    const templatePath = join(dir, template.suggestedFilename());
    await template.saveAs(templatePath);
    expect(templatePath).toMatch(/\.xlsx$/);

    // A wrong type is refused before upload.
    await page.locator('[data-testid=import-dialog] input[type=file]').setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('customerId,customerName\n1,a\n'),
    });
    await expect(page.getByTestId('import-errors')).toContainText('Only xls/xlsx files can be imported');

    // Fill the template: keep its header row, replace the example with three rows.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(templatePath);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
    expect(header).toEqual(expect.arrayContaining(['customerId', 'customerName']));
    while (ws.rowCount > 1) ws.spliceRows(2, 1);
    const wanted = [1, 2, 3].map((n) => ({
      customerId: `${prefix}-${n}`,
      customerName: `Imported Customer ${n}`,
      phone: `080500000${n}`,
      address: `${n} Import Street`,
    }));
    for (const row of wanted) {
      ws.addRow(header.map((h) => (h in row ? row[h as keyof typeof row] : null)));
    }
    const filled = join(dir, 'customers-filled.xlsx');
    await wb.xlsx.writeFile(filled);

    // A file with a duplicated line is refused whole, with the reason.
    const dupWb = new ExcelJS.Workbook();
    await dupWb.xlsx.readFile(filled);
    const dupWs = dupWb.worksheets[0]!;
    dupWs.addRow((dupWs.getRow(2).values as unknown[]).slice(1));
    const dupPath = join(dir, 'customers-dup.xlsx');
    await dupWb.xlsx.writeFile(dupPath);
    await page.locator('[data-testid=import-dialog] input[type=file]').setInputFiles(dupPath);
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('import-errors')).toContainText(/duplicate/i);

    // The good file imports every row.
    await page.locator('[data-testid=import-dialog] input[type=file]').setInputFiles(filled);
    await page.getByTestId('import-submit').click();
    await expect(page.getByText('Imported 3 rows')).toBeVisible();
    await expect(importDialog).toBeHidden();
    await search(page, prefix);
    await expect(total(page)).toHaveText('Total 3');
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(bodyRows(page).nth(2)).toContainText('Imported Customer 3');

    // Export the current filter and open the file.
    await page.getByTestId('list-export').click();
    await page.getByTestId('export-file-name').fill(`${prefix}-export`);
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-submit').click(),
    ]);
    const exportPath = join(dir, exported.suggestedFilename());
    await exported.saveAs(exportPath);
    const { header: exportHeader, rows } = await readSheet(exportPath);
    // Titled as the console shows them, in its language.
    expect(exportHeader).toEqual(expect.arrayContaining(['Customer Id', 'Customer Name']));
    expect(rows.map((r) => r['Customer Id']).sort()).toEqual(wanted.map((w) => w.customerId));
    expect(rows.find((r) => r['Customer Id'] === `${prefix}-2`)?.['Customer Name']).toBe(
      'Imported Customer 2',
    );
    await writeFile(join(dir, 'done'), '');
  });
});
