import { expect, test } from '@playwright/test';
import { BASE_URL, loginAs, signIn } from './helpers';

const FIRST_ROW = '[data-testid=app-main] tr.ant-table-row';

test('the runtime configuration does not hold the page, and runs before the console reads anything', async ({
  page,
}) => {
  await signIn(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // config.js answered only when the test says so, with an API base the console must use from its first read.
  await page.route('**/config.js', async (route) => {
    await held;
    await route.fulfill({
      contentType: 'text/javascript',
      body: "window.ApiConfig = { Url: '/configured-base', idleTimeoutMinutes: 30, MapTilesUrl: '' };",
    });
  });
  const reads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) reads.push(r.url());
  });
  // The document is parsed while config.js is still on its way (a parser-blocking script held it).
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  expect(reads).toEqual([]);
  const firstRead = page.waitForRequest((r) => r.url().includes('/api/'));
  release();
  expect((await firstRead).url()).toMatch(new RegExp(`^${BASE_URL}/configured-base/api/`));
});

test('a page loaded again by URL looks as it did with the styles generated', async ({ page }) => {
  const look = () =>
    page.evaluate(() => {
      const of = (selector: string, properties: string[]) => {
        const el = document.querySelector(selector);
        if (!el) return null;
        const style = getComputedStyle(el);
        return properties.map((p) => style.getPropertyValue(p));
      };
      return {
        header: of('.ant-table-thead th', [
          'background-color',
          'padding-top',
          'font-weight',
          'border-bottom-color',
        ]),
        cell: of('.ant-table-tbody td', ['padding-left', 'font-size', 'border-bottom-color']),
        button: of('[data-testid=app-main] .ant-btn-primary', [
          'background-color',
          'border-radius',
          'height',
        ]),
        menu: of('[data-testid=sidebar] .ant-menu-item-selected', ['color', 'background-color']),
        pager: of('.ant-pagination-item-active', ['border-color', 'font-weight']),
        input: of('[data-testid=app-main] .ant-input', ['border-color', 'padding-left']),
      };
    });
  await loginAs(page, 'admin', undefined, '/management/meter');
  await expect(page.locator(FIRST_ROW).first()).toBeVisible();
  await expect(page.locator('[data-testid=app-main] .ant-pagination-item-active')).toBeVisible();
  const generated = await look();
  expect(Object.values(generated).every(Boolean)).toBe(true);
  // Leaving the page keeps its styles for the next load of this build, which takes them instead.
  await page.reload();
  await expect(page.locator(FIRST_ROW).first()).toBeVisible();
  await expect(page.locator('[data-testid=app-main] .ant-pagination-item-active')).toBeVisible();
  expect(
    await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('prepay.styles '))),
  ).toBe(true);
  expect(await look()).toEqual(generated);
});
