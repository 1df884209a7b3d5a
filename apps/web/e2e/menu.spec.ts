import { expect, test } from '@playwright/test';
import { ensureRoleUser, loginAs, menuTitles, signIn, USER_PASSWORD } from './helpers';

const ADMIN_MENU = [
  'Dashboard',
  'Token Generate',
  'Token Record',
  'Remote Operation',
  'Remote Operation Task',
  'Data Report',
  'Data Report GPRS',
  'Management',
  'Revenue Protection',
  'Channels',
  'Setting',
];

test.describe('role-filtered menu', () => {
  test.beforeAll(async ({ request }) => {
    await ensureRoleUser(
      request,
      'e2evendor',
      'Token.CreditToken,TokenRecord.CreditTokenRecord',
      'e2e-vendor',
    );
    await ensureRoleUser(request, 'e2echild', 'Management.Meter', 'e2e-child');
    await ensureRoleUser(request, 'e2eevents', 'RemoteReport.EventNotification', 'e2e-events');
  });

  test('admin sees every group, and the settings handle', async ({ page }) => {
    await loginAs(page);
    expect(await menuTitles(page)).toEqual(ADMIN_MENU);
    // Role-only entries never show: Token Record lists its pages but not "Cancel Credit Token Record".
    await page.getByTestId('sidebar').locator('.ant-menu-submenu-title', { hasText: 'Token Record' }).click();
    await expect(page.locator('[data-testid=sidebar]').getByText('Credit Token Cancel Record')).toBeVisible();
    await expect(page.locator('[data-testid=sidebar]').getByText('Cancel Credit Token Record')).toHaveCount(
      0,
    );
    await expect(page.getByTestId('settings-handle')).toBeVisible();
  });

  test('a vendor role with two pages sees exactly those, and no settings handle', async ({ page }) => {
    await loginAs(page, 'e2e-vendor', USER_PASSWORD);
    expect(await menuTitles(page)).toEqual(['Dashboard', 'Token Generate', 'Token Record']);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.locator('.ant-menu-submenu-title', { hasText: 'Token Generate' }).click();
    await sidebar.locator('.ant-menu-submenu-title', { hasText: 'Token Record' }).click();
    await expect(sidebar.locator('.ant-menu-sub .ant-menu-item')).toHaveText([
      'Credit Token',
      'Credit Token Record',
    ]);
    await expect(page.getByTestId('settings-handle')).toHaveCount(0);
    await sidebar.getByText('Credit Token', { exact: true }).click();
    await expect(page).toHaveURL(/\/token-generate\/credit-token$/);
    await expect(page.getByTestId('breadcrumb')).toHaveText(
      /Dashboard\s*\/\s*Token Generate\s*\/\s*Credit Token/,
    );
  });

  test('a role with only a child key keeps the parent group (spec §6 rule)', async ({ page }) => {
    await loginAs(page, 'e2e-child', USER_PASSWORD);
    expect(await menuTitles(page)).toEqual(['Dashboard', 'Management']);
    await page.getByTestId('sidebar').locator('.ant-menu-submenu-title', { hasText: 'Management' }).click();
    await expect(page.getByTestId('sidebar').locator('.ant-menu-sub .ant-menu-item')).toHaveText(['Meter']);
    // The group path opens its first granted page.
    await page.goto('/management');
    await expect(page).toHaveURL(/\/management\/meter$/);
  });

  test('a role with only the event notification key has the GPRS data report group and its events', async ({
    page,
  }) => {
    await loginAs(page, 'e2e-events', USER_PASSWORD);
    expect(await menuTitles(page)).toEqual(['Dashboard', 'Data Report GPRS']);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.locator('.ant-menu-submenu-title', { hasText: 'Data Report GPRS' }).click();
    await expect(sidebar.locator('.ant-menu-sub .ant-menu-item')).toHaveText(['Event Notification']);
    await sidebar.getByText('Event Notification', { exact: true }).click();
    await expect(page).toHaveURL(/\/remote-report\/event-notification$/);
    // The server takes the page's key for its read: the grid answers (no refusal), with its total.
    await expect(page.getByTestId('list-total')).toHaveText(/^Total \d+$/);
  });

  test('401 for a page the role does not grant, 404 for an unknown path', async ({ page }) => {
    await signIn(page, 'e2e-vendor', USER_PASSWORD);
    await page.goto('/setting/user');
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByTestId('page-401')).toContainText('You do not have permission to go to this page');
    await expect(page).toHaveTitle('No Permission - Prepayment System');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByTestId('page-404')).toContainText('OOPS!');
    await expect(page.getByTestId('page-404')).toContainText(
      'The webmaster said that you can not enter this page...',
    );
    await page.getByRole('button', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
