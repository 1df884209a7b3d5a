import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, api, BASE_URL, fillLogin, loginThroughForm, tagTexts, visit } from './helpers';

test.describe('login and route guard', () => {
  test('no token: any page goes to login with the path as redirect, and login comes back to it', async ({
    page,
  }) => {
    await page.goto('/setting/role?tab=x');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/setting/role?tab=x');
    await expect(page).toHaveTitle('Login - Prepayment System');
    // Userid and password are trimmed before sending.
    await fillLogin(page, '  admin  ', ` ${ADMIN_PASSWORD} `);
    await expect(page).toHaveURL(/\/setting\/role\?tab=x$/);
    await expect(page).toHaveTitle('Role - Prepayment System');
  });

  test('token present on /login goes to the dashboard', async ({ page }) => {
    await loginThroughForm(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('failed user info clears the token, shows the reason and returns to login', async ({
    page,
    context,
  }) => {
    await context.addCookies([
      { name: 'token', value: 'not-a-real-token', url: BASE_URL, httpOnly: true },
      { name: 'signedIn', value: '1', url: BASE_URL },
    ]);
    await page.goto('/management/meter');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmanagement%2Fmeter/);
    await expect(page.locator('.ant-message-error').first()).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
  });

  test('the first login shows and needs no verification code (the server asks none yet)', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.locator('.login-card')).toHaveAttribute('data-captcha', 'false');
    await expect(page.getByTestId('login-code')).toHaveCount(0);
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('navbar')).toBeVisible();
  });

  test('login form: required messages, wrong verification code resets it', async ({ page }) => {
    // This server demands the code only after many failures; here it says every login needs it, as a
    // server with LOGIN_CAPTCHA_AFTER_FAILURES=0 does (the code itself is still the server's, checked).
    await page.route('**/api/user/captcha/needed', (route) =>
      route.fulfill({ json: { code: 0, reason: 'success', message: 'success', result: { needed: true } } }),
    );
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Please enter the username')).toBeVisible();
    await expect(page.getByText('Please enter the password')).toBeVisible();
    await expect(page.getByText('Please enter the verification code')).toBeVisible();

    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    const before = await page.getByTestId('captcha').getAttribute('data-code');
    const wrong = before === '0000' ? '1111' : '0000';
    await page.getByTestId('login-code').fill(wrong);
    await page.getByTestId('login-submit').click();
    await expect(page.locator('.ant-message-error')).toContainText('Verification code error');
    await expect(page.getByTestId('captcha')).not.toHaveAttribute('data-code', before ?? '');
    await expect(page).toHaveURL(/\/login/);
  });

  test('CapsLock warning on the password field', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByTestId('login-password');
    await password.focus();
    // A real key event with CapsLock on (EventModifierInit.modifierCapsLock, supported by Chromium).
    await password.evaluate((el) =>
      el.dispatchEvent(
        new KeyboardEvent('keyup', { key: 'A', bubbles: true, modifierCapsLock: true } as never),
      ),
    );
    await expect(page.getByText('Caps lock is On')).toBeVisible();
    await password.evaluate((el) =>
      el.dispatchEvent(new KeyboardEvent('keyup', { key: 'a', bubbles: true })),
    );
    await expect(page.getByText('Caps lock is On')).toBeHidden();
  });

  test('a server error shows its reason in a red message for 5 seconds', async ({ page }) => {
    // The page's timers run on a clock the test moves: the message's 5 seconds pass without waiting them.
    await page.clock.install();
    await page.goto('/login');
    await fillLogin(page, 'admin', 'wrong-password');
    const toast = page.locator('.ant-message-error', { hasText: 'invalid username or password' });
    await expect(toast).toBeVisible();
    await page.clock.runFor(4_500);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(toast).toBeHidden();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a business error on a page (wrong old password) is shown from the server', async ({ page }) => {
    await loginThroughForm(page);
    await page.goto('/profile/index?tab=loginPassword');
    await page.getByTestId('login-old').fill('definitely-wrong');
    await page.getByTestId('login-new').fill('NewPassword-123');
    await page.getByTestId('login-check').fill('Different-123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('The two passwords are inconsistent!')).toBeVisible();
    await page.getByTestId('login-check').fill('NewPassword-123');
    await page.getByTestId('login-submit').click();
    await expect(page.locator('.ant-message-error')).toBeVisible();
  });

  test('a revoked session opens "Confirm logout"; Re-Login returns to login', async ({
    page,
    context,
    request,
  }) => {
    await loginThroughForm(page, 'admin', ADMIN_PASSWORD, '/profile/index');
    const token = (await context.cookies()).find((c) => c.name === 'token')?.value;
    expect(token).toBeTruthy();
    const env = await api(request, '/api/user/logout', {}, token);
    expect(env.code).toBe(0);

    await page.getByTestId('profile-info-submit').click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('Confirm logout');
    await expect(
      dialog.getByText('You have been logged out, you can cancel to stay on this page, or log in again'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/profile\/index/);

    await page.getByTestId('profile-info-submit').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Re-Login' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Findex/);
  });

  test('logout clears the token and the tabs', async ({ page, context }) => {
    await loginThroughForm(page);
    await visit(page, '/setting/user');
    await visit(page, '/management/meter');
    await expect.poll(() => tagTexts(page)).toEqual(['Dashboard', 'User', 'Meter']);
    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('menu-logout').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmanagement%2Fmeter/);
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await fillLogin(page, 'admin', ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/management\/meter/);
    await expect.poll(() => tagTexts(page)).toEqual(['Dashboard', 'Meter']);
  });

  test('page titles follow the route and the language', async ({ page }) => {
    await loginThroughForm(page);
    await expect(page).toHaveTitle('Dashboard - Prepayment System');
    await page.goto('/token-generate/credit-token');
    await expect(page).toHaveTitle('Credit Token - Prepayment System');
    await page.goto('/profile/index');
    await expect(page).toHaveTitle('Profile - Prepayment System');
    await page.getByTestId('language-select').click();
    await page.getByTestId('language-zh').click();
    await expect(page).toHaveTitle('个人中心 - 预付费系统');
  });
});
