import { expect, type Page, test } from '@playwright/test';
import { bodyRows, describeConsole, loginAs, navigate } from './helpers';

/** Every Management and Setting grid: it loads, shows "Total N", and its Add dialog opens and closes. */
type Grid = [path: string, resource: string, addTitle: string | null];
const MANAGEMENT: Grid[] = [
  ['/management/meter', 'meter', 'Add Meter'],
  ['/management/gateway', 'gateway', 'Add Gateway'],
  ['/management/customer', 'customer', 'Add Customer'],
  ['/management/tariff', 'tariff', 'Add Tariff'],
  ['/management/debt', 'debt', 'Add Debt'],
  ['/management/account', 'account', 'Add Account'],
];
const SETTING: Grid[] = [
  ['/setting/station', 'station', 'Add Station'],
  ['/setting/role', 'role', 'Add Role'],
  ['/setting/user', 'user', 'Add User'],
  ['/setting/log', 'log', null],
  ['/setting/item', 'item', 'Add Item'],
];

async function checkGrids(page: Page, grids: Grid[]) {
  for (const [path, resource, addTitle] of grids) {
    const read = page.waitForResponse((r) => /\/read$/i.test(r.url()) && r.request().method() === 'POST');
    await navigate(page, path);
    await expect(page.getByTestId(`list-${resource}`)).toBeVisible({ timeout: 30_000 });
    expect((await read).status(), path).toBe(200);
    await expect(page.getByTestId('list-total'), path).toHaveText(/Total \d+/, { timeout: 30_000 });
    if (addTitle) {
      await page.getByTestId('list-add').click();
      const dialog = page.getByRole('dialog', { name: addTitle });
      await expect(dialog, path).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    } else {
      await expect(page.getByTestId('list-add')).toHaveCount(0);
    }
  }
}

describeConsole('management and setting pages', { timeout: 300_000 }, () => {
  let errors: string[] = [];
  test.beforeEach(async ({ page }) => {
    errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginAs(page);
  });
  test.afterEach(() => {
    expect(errors).toEqual([]);
  });

  test('each Management grid reads its first page and opens its form', async ({ page }) => {
    await checkGrids(page, MANAGEMENT);
  });

  test('each Setting grid reads its first page and opens its form', async ({ page }) => {
    await checkGrids(page, SETTING);
  });

  test('form sections: the meter’s STS key; the tariff’s passive fields shown by its switch', async ({
    page,
  }) => {
    await navigate(page, '/management/meter');
    await expect(page.getByTestId('list-meter')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('list-add').click();
    const meter = page.getByRole('dialog', { name: 'Add Meter' });
    await expect(meter.getByRole('separator')).toHaveText(['STS']);
    await meter.getByRole('button', { name: 'Cancel' }).click();
    await expect(meter).toBeHidden();

    await navigate(page, '/management/tariff');
    await expect(page.getByTestId('list-tariff')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('list-add').click();
    const tariff = page.getByRole('dialog', { name: 'Add Tariff' });
    await expect(tariff.getByRole('separator')).toHaveText(['Passive']);
    await expect(tariff.getByTestId('field-price_New')).toHaveCount(0);
    await tariff.getByTestId('field-passive').click();
    await expect(tariff.getByTestId('field-price_New')).toBeVisible();
    await tariff.getByTestId('field-passive').click();
    await expect(tariff.getByTestId('field-price_New')).toHaveCount(0);
    await tariff.getByRole('button', { name: 'Cancel' }).click();
  });

  test('role tree labels, log before/after side by side, image slots', async ({ page }) => {
    await navigate(page, '/setting/role');
    await expect(page.getByTestId('list-role')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('list-add').click();
    await expect(page.getByTestId('role-menu-tree')).toContainText('Management');
    await expect(page.getByTestId('role-menu-tree')).toContainText('Token Generate');
    await page.getByRole('dialog', { name: 'Add Role' }).getByRole('button', { name: 'Cancel' }).click();

    await navigate(page, '/setting/log');
    await expect(page.getByTestId('list-log')).toBeVisible({ timeout: 30_000 });
    await bodyRows(page).first().getByTestId('row-view').click();
    await expect(page.getByTestId('log-details')).toBeVisible();
    await expect(page.getByTestId('log-before')).toBeVisible();
    await expect(page.getByTestId('log-after')).toBeVisible();
    await page.keyboard.press('Escape');

    await navigate(page, '/setting/image');
    await expect(page.getByTestId('image-loginBackground')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('image-receiptLogo')).toBeVisible();
  });
});
