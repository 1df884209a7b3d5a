import { expect, test } from '@playwright/test';
import { loginAs, signIn } from './helpers';

/** The console under the server's Content-Security-Policy: every page it opens here loads without a violation. */
test('the console runs under the CSP without a violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|apply|execute|connect|frame)/i.test(msg.text())) {
      violations.push(msg.text());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  // The picture is drawn under the CSP too: this server is made to say every login needs the code.
  await page.route('**/api/user/captcha/needed', (route) =>
    route.fulfill({ json: { code: 0, reason: 'success', message: 'success', result: { needed: true } } }),
  );
  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByTestId('captcha')).toBeVisible();
  await signIn(page);
  for (const path of ['/dashboard', '/management/meter', '/setting/user', '/token-generate/credit-token']) {
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('menu').first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});

/** The session token is an HttpOnly cookie; a cookie-signed write needs the console's header. */
test('scripts cannot read the session token, and a write without the console header is refused', async ({
  page,
  context,
}) => {
  await loginAs(page);
  const token = (await context.cookies()).find((c) => c.name === 'token');
  expect(token).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: false, path: '/' });
  const readable = await page.evaluate(() => document.cookie);
  expect(readable).toContain('signedIn=1');
  expect(readable).not.toContain('token=');
  expect(readable).not.toContain(token?.value ?? '');

  const [bare, marked] = await page.evaluate(async () => {
    const post = (headers: Record<string, string>) =>
      fetch('/api/user/info', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: '{}',
      }).then(async (r) => ({ status: r.status, code: (await r.json()).code as number }));
    return [await post({}), await post({ 'X-Requested-With': 'XMLHttpRequest' })];
  });
  expect(bare.status).toBe(403);
  expect(marked).toEqual({ status: 200, code: 0 });
});
