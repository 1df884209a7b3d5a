import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  api,
  apiLogin,
  bodyRows,
  describeConsole,
  loginAs,
  menuTitles,
  openAddDialog,
  openList,
  signIn,
  USER_AUTH_PASSWORD,
  USER_PASSWORD,
} from './helpers';

const ROLE = `e2etree${Date.now() % 100_000}`;
const USER = `e2e-tree-${Date.now() % 100_000}`;

const head = (page: Page) => page.locator('[data-testid=list-table] thead');

/** A fresh browser context: a new login, as a user would after signing out. */
async function menuOfFreshLogin(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await loginAs(page, USER, USER_PASSWORD);
    return await menuTitles(page);
  } finally {
    await context.close();
  }
}

/** Clicks a node's checkbox in the role tree by the node's permission key (or group name). */
async function toggle(page: Page, key: string) {
  await page
    .locator('.ant-tree-treenode', { has: page.getByTestId(`perm-${key}`) })
    .locator('.ant-tree-checkbox')
    .click();
}

describeConsole('setting: role editor', { timeout: 240_000 }, () => {
  test("the role's menu tree decides what a user of the role sees after re-login", async ({
    page,
    browser,
    request,
  }) => {
    await signIn(page);
    await openList(page, '/setting/role', 'role');

    // Create the role in the editor: check the whole Management group.
    const add = await openAddDialog(page, 'Add Role');
    await add.getByTestId('field-roleId').fill(ROLE);
    await add.getByTestId('field-name').fill('Tree test role');
    await toggle(page, 'Management');
    await add.getByTestId('form-submit').click();
    await expect(add).toBeHidden();

    // The stored content is the group's keys, comma-separated.
    const admin = await apiLogin(request);
    const read = await api(
      request,
      '/api/role/read',
      { name: 'Tree test role', pageNumber: 1, pageSize: 20 },
      admin,
    );
    const role = (read.result as { data: { roleId: string; content: string }[] }).data.find(
      (r) => r.roleId === ROLE,
    );
    expect(role?.content).toBe(
      'Management.Meter,Management.Gateway,Management.Customer,Management.Tariff,Management.Debt,Management.Account',
    );

    // A user of that role.
    const created = await api(
      request,
      '/api/user/create',
      [
        {
          userId: USER,
          roleId: ROLE,
          stationId: '0001',
          password: USER_PASSWORD,
          authorizationPassword: USER_AUTH_PASSWORD,
        },
      ],
      admin,
    );
    expect(created.code, created.reason).toBe(0);
    expect(await menuOfFreshLogin(browser)).toEqual(['Dashboard', 'Management']);

    // Edit: drop Management, give one Setting page and one Token page.
    await page.getByTestId('list-search-term').fill(ROLE);
    await page.getByTestId('list-search').click();
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('6 pages');
    await bodyRows(page).first().getByTestId('row-edit').click();
    const edit = page.getByRole('dialog', { name: 'Edit Role' });
    await expect(edit.getByTestId('field-roleId')).toBeDisabled();
    await toggle(page, 'Management');
    await edit
      .locator('.ant-tree-treenode', { has: page.getByTestId('perm-Setting') })
      .locator('.ant-tree-switcher')
      .click();
    await toggle(page, 'Setting.Log');
    await edit
      .locator('.ant-tree-treenode', { has: page.getByTestId('perm-Token') })
      .locator('.ant-tree-switcher')
      .click();
    await toggle(page, 'Token.CreditToken');
    await edit.getByTestId('form-submit').click();
    await expect(edit).toBeHidden();
    await expect(bodyRows(page).first()).toContainText('2 pages');

    expect(await menuOfFreshLogin(browser)).toEqual(['Dashboard', 'Token Generate', 'Setting']);

    // The user now reaches the log page, not the customer page.
    const context = await browser.newContext();
    const userPage = await context.newPage();
    await signIn(userPage, USER, USER_PASSWORD);
    await userPage.goto('/setting/log');
    await expect(userPage.getByTestId('list-log')).toBeVisible({ timeout: 30_000 });
    await userPage.goto('/management/customer');
    await expect(userPage).toHaveURL(/\/401$/);
    await context.close();
    await expect(head(page)).toBeVisible();
  });
});
