import { expect, type Page, test } from '@playwright/test';
import { describeConsole, signIn } from './helpers';
import { onEveryList, openList, ownsPoint } from './list-page-helpers';

/** Every list page, with the columns an operator decides by (the rest may sit in the column chooser). */
type Grid = [path: string, deciding: string[]];
const GRIDS: Grid[] = [
  ['/management/meter', ['meterId', 'online', 'lastSeen', 'status']],
  ['/management/gateway', []],
  ['/management/customer', []],
  ['/management/tariff', []],
  ['/management/debt', []],
  ['/management/account', []],
  ['/token-generate/credit-token', []],
  [
    '/token-record/credit-token-record',
    ['customerName', 'meterId', 'totalPaid', 'token', 'status', 'createDate'],
  ],
  ['/token-record/credit-token-cancel-record', ['receiptId', 'cancelReceiptId', 'token', 'cancelDate']],
  ['/token-record/clear-tamper-token-record', ['customerName', 'token', 'createDate']],
  ['/token-record/change-meter-key-token-record', ['customerName', 'tokens', 'createDate']],
  ['/remote-operation/remote-meter-reading', []],
  ['/remote-operation-record/remote-meter-reading-task', ['meterId', 'status', 'reason', 'createDate']],
  ['/remote-operation-record/remote-meter-setting-task', ['meterId', 'status', 'reason', 'createDate']],
  ['/remote-operation-record/remote-meter-control-task', ['meterId', 'status', 'reason', 'createDate']],
  ['/remote-operation-record/remote-meter-token-task', ['meterId', 'status', 'reason', 'createDate']],
  ['/remote-operation-record/transparent-forwarding-task', ['meterId', 'status', 'reason', 'createDate']],
  ['/prepay-report/long-nonpurchase-situation', []],
  ['/prepay-report/debt-situation', []],
  ['/setting/station', []],
  ['/setting/role', []],
  ['/setting/user', []],
  ['/setting/log', []],
  ['/setting/item', []],
];

/** A column's header (antd's sticky grid keeps a hidden copy of the headers in its body). */
const th = (page: Page, key: string) => page.locator('thead').getByTestId(`th-${key}`);

async function headerBottom(page: Page) {
  const box = await page.locator('.app-header').boundingBox();
  expect(box).not.toBeNull();
  return (box?.y ?? 0) + (box?.height ?? 0);
}

describeConsole('list columns at 1366×768', { timeout: 600_000 }, () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('every list page shows its deciding columns without scrolling; headers stick; nothing draws over the shell', async ({
    page,
  }) => {
    await onEveryList(page, GRIDS, async ([path, deciding]) => {
      // No sideways scroll: every shown column header is inside the window.
      const headers = page.locator('[data-testid=list-table] thead th [data-testid^=th-]');
      for (const box of await headers.evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect().toJSON()),
      )) {
        expect.soft(box.x, path).toBeGreaterThanOrEqual(0);
        expect.soft(box.x + box.width, path).toBeLessThanOrEqual(1366);
      }
      for (const key of deciding)
        await expect.soft(page.locator('thead').getByTestId(`th-${key}`), `${path} ${key}`).toBeInViewport();

      // Scrolled down, the shell's header and sidebar stay on top and the column headers stick under the header.
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(
        () => window.scrollY > 0 || document.documentElement.scrollHeight <= innerHeight,
      );
      const bottom = await headerBottom(page);
      for (const x of [300, 700, 1100, 1360])
        expect(await ownsPoint(page, '.app-header', x, bottom - 3), path).toBe(true);
      for (const y of [bottom + 20, 400, 700])
        expect(await ownsPoint(page, '.sidebar-container', 100, y), path).toBe(true);
      // The column headers never go under the app header; once the grid's top has scrolled under it, they stick.
      const th = await page.locator('[data-testid=list-table] thead th').first().boundingBox();
      const grid = await page.getByTestId('list-table').boundingBox();
      expect(th?.y ?? -1, path).toBeGreaterThanOrEqual(bottom - 1);
      if ((grid?.y ?? 0) < bottom) expect(th?.y ?? 999, path).toBeLessThan(bottom + 2);
    });
  });

  test('the column chooser shows and hides a column, remembered across a reload', async ({ page }) => {
    await signIn(page);
    await openList(page, '/management/meter');
    await expect(th(page, 'devEui')).toHaveCount(0);
    await page.getByTestId('list-columns').click();
    await page.getByTestId('list-column-devEui').click();
    await expect(th(page, 'devEui')).toBeVisible();
    await page.getByTestId('list-column-status').click();
    await expect(th(page, 'status')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('list-total').first()).toHaveText(/\d/, { timeout: 30_000 });
    await expect(th(page, 'devEui')).toBeVisible();
    await expect(th(page, 'status')).toHaveCount(0);

    await page.getByTestId('list-columns').click();
    await page.getByTestId('list-columns-reset').click();
    await expect(th(page, 'status')).toBeVisible();
    await expect(th(page, 'devEui')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('list-total').first()).toHaveText(/\d/, { timeout: 30_000 });
    await expect(th(page, 'status')).toBeVisible();
    await expect(th(page, 'devEui')).toHaveCount(0);
  });
});

describeConsole('list columns at 375×812', { timeout: 600_000 }, () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('every list page keeps the page inside the phone and its first deciding column in view', async ({
    page,
  }) => {
    await onEveryList(page, GRIDS, async ([path, deciding]) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(376);
      const first = deciding[0];
      if (first) await expect(page.locator('thead').getByTestId(`th-${first}`), path).toBeInViewport();
      await page.mouse.wheel(0, 400);
      const bottom = await headerBottom(page);
      for (const x of [20, 180, 360])
        expect(await ownsPoint(page, '.app-header', x, bottom - 3), path).toBe(true);
    });
  });
});
