import { expect, type Page, type Request, test } from '@playwright/test';
import { loginAs } from './helpers';

/** A page's reads start before its click, and lookups are read once for every list page. */

const isRead = (path: string) => (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === path;

async function openManagement(page: Page) {
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByText('Management', { exact: true }).click();
  await sidebar.locator('a[href="/management/meter"]').waitFor();
  return sidebar;
}

test('hovering a menu item starts its page list read before any click', async ({ page }) => {
  await loginAs(page);
  const sidebar = await openManagement(page);
  const read = page.waitForRequest(isRead('/api/meter/read'));
  await sidebar.locator('a[href="/management/meter"]').hover();
  await read;
  // Only a hover: the page is still the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a second list page reuses the station lookup the first one read', async ({ page }) => {
  const stationReads: string[] = [];
  const cspReports: string[] = [];
  page.on('request', (r) => {
    if (isRead('/api/station/read')(r)) stationReads.push(r.url());
  });
  // zod must run jitless under the CSP (main.tsx): its eval probe would be reported here.
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) cspReports.push(m.text());
  });
  await loginAs(page);
  const sidebar = await openManagement(page);

  await sidebar.locator('a[href="/management/customer"]').click();
  await expect(page.getByTestId('list-customer').locator('tr.ant-table-row').first()).toBeVisible();
  expect(stationReads.length).toBeGreaterThan(0);
  const readsSoFar = stationReads.length;

  await sidebar.locator('a[href="/management/meter"]').click();
  await expect(page.getByTestId('list-meter').locator('tr.ant-table-row').first()).toBeVisible();
  expect(stationReads).toHaveLength(readsSoFar);
  expect(cspReports).toEqual([]);
});
