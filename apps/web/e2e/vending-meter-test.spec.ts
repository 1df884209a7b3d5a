import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { TOKEN, tokenIn } from './vending-helpers';

test('meter test tokens: the fixed list, and a custom control field validated then generated', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/token-generate/meter-test-token');
  const table = page.getByTestId('meter-test-table');
  await expect(table.getByTestId('test-token11').first()).toBeVisible({ timeout: 30_000 });
  const listed = await table.getByTestId('test-token11').allTextContents();
  expect(listed.length).toBeGreaterThan(10);
  for (const text of listed) expect(tokenIn(text)).toMatch(TOKEN);

  await page.getByTestId('test-control').fill('XYZ');
  await page.getByTestId('test-generate').click();
  await expect(page.locator('.ant-form-item-explain-error')).toBeVisible();
  await page.getByTestId('test-control').fill('4');
  await page.getByTestId('test-generate').click();
  await expect(page.getByTestId('custom-test-token')).toBeVisible();
  expect(tokenIn(await page.getByTestId('custom-test-token').textContent())).toMatch(TOKEN);
});
