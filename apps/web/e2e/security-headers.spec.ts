import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

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
  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByTestId('captcha')).toBeVisible();
  await loginAs(page);
  for (const path of ['/dashboard', '/management/meter', '/setting/user', '/token-generate/credit-token']) {
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('menu').first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});
