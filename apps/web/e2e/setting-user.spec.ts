import { expect, type Page, test } from '@playwright/test';
import { bodyRows, describeConsole, fillLogin, openAddDialog, openList, signIn } from './helpers';

/**
 * Picks an option of the antd select whose root carries `testId`. A searchable select gets `search` typed
 * first: its list is virtual, so with many roles the wanted one may not be drawn until the list is filtered.
 */
async function pick(page: Page, testId: string, option: RegExp, search?: string) {
  await page.getByTestId(testId).click();
  if (search) await page.keyboard.type(search);
  // A closing dropdown stays in the DOM for its animation: take the visible option only.
  await page
    .locator('.ant-select-dropdown .ant-select-item-option', { hasText: option })
    .filter({ visible: true })
    .first()
    .click();
}

describeConsole('setting: user', { timeout: 240_000 }, () => {
  test('add a user, show the one-time passwords once, sign in with it; reset password asks first', async ({
    page,
    browser,
  }) => {
    const userId = `e2e-u${Date.now() % 100_000}`;
    await signIn(page);
    await openList(page, '/setting/user', 'user');

    const dialog = await openAddDialog(page, 'Add User');
    await dialog.getByTestId('form-submit').click();
    await expect(dialog.getByText('Required').first()).toBeVisible();
    await dialog.getByTestId('field-userId').fill(userId);
    await dialog.getByTestId('field-fullName').fill('Grace Obi');
    await dialog.getByTestId('field-email').fill('not-an-email');
    await dialog.getByTestId('form-submit').click();
    await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
    await dialog.getByTestId('field-email').fill('grace@example.com');
    await pick(page, 'field-roleIds', /^vendor/, 'vendor');
    await page.keyboard.press('Escape');
    await pick(page, 'field-roleId', /^vendor/);
    await dialog.getByTestId('field-quotaEnable').click();
    await dialog.getByTestId('field-quotaValue').fill('250');
    await dialog.getByTestId('form-submit').click();
    await expect(dialog).toBeHidden();

    const shown = page.getByTestId('one-time-passwords');
    await expect(shown).toBeVisible();
    const password = ((await page.getByTestId('one-time-password').textContent()) ?? '').trim();
    expect(password.length).toBeGreaterThanOrEqual(8);
    await page.getByTestId('one-time-close').click();
    await expect(shown).toBeHidden();

    await page.getByTestId('list-search-term').fill(userId);
    await page.getByTestId('list-search').click();
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('Grace Obi');
    await expect(bodyRows(page).first()).toContainText('250');

    // The one-time password signs in.
    const context = await browser.newContext();
    const userPage = await context.newPage();
    await userPage.goto('/login');
    await fillLogin(userPage, userId, password);
    await expect(userPage.getByTestId('navbar')).toBeVisible({ timeout: 30_000 });
    await context.close();

    // Reset password: the original's confirmation, then the new one-time password, once.
    await bodyRows(page).first().getByTestId('row-reset').click();
    await expect(
      page.getByText('This operation will reset the user password, do you want to continue?'),
    ).toBeVisible();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('one-time-password')).toBeVisible();
    const second = ((await page.getByTestId('one-time-password').textContent()) ?? '').trim();
    expect(second).not.toBe(password);
  });
});
