import { expect, test } from '@playwright/test';
import { ADMIN_AUTHORIZATION_PASSWORD } from '../playwright.config';
import { bodyRows, describeConsole, signIn } from './helpers';
import { openRowAction, TOKEN, tokenIn, vendableAccount } from './vending-helpers';

describeConsole('meter key', () => {
  test('update the new key fields → change meter key gives two tokens → Meter Accepted', async ({
    page,
    request,
  }) => {
    const { meterId } = await vendableAccount(request, '77001');
    await signIn(page);

    await openRowAction(page, '/token-generate/update-meter-key', meterId);
    const update = page.getByTestId('update-key-dialog');
    await update.getByTestId('key-sgcNew').fill('654321');
    for (const [field, value] of [
      ['krnNew', '2'],
      ['kenNew', '255'],
      ['tiNew', '3'],
      ['ktNew', '2'],
    ] as const) {
      await update.getByTestId(`key-${field}`).fill(value);
    }
    await update.getByTestId('key-decoderKeyNew').fill('0123456789ABCDEF');
    await update.getByTestId('update-key-submit').click();
    await expect(page.getByText('The new key fields are saved')).toBeVisible();
    // The new key is write-only: it is never shown again.
    await expect(page.getByText('0123456789ABCDEF')).toHaveCount(0);

    await openRowAction(page, '/token-generate/change-meter-key-token', meterId);
    const change = page.getByTestId('change-key-dialog');
    await change.getByTestId('authorization-password').fill(ADMIN_AUTHORIZATION_PASSWORD);
    await change.getByTestId('generate-submit').click();
    const first = tokenIn(await change.getByTestId('key-token-0').textContent());
    const second = tokenIn(await change.getByTestId('key-token-1').textContent());
    expect(first).toMatch(TOKEN);
    expect(second).toMatch(TOKEN);
    expect(first).not.toBe(second);
    await expect(change.getByText('Pending')).toBeVisible();
    await change.getByTestId('key-confirm').click();
    await expect(change.getByText('Confirmed')).toBeVisible();
    await expect(change.getByTestId('key-confirm')).toHaveCount(0);

    await page.goto('/token-record/change-meter-key-token-record');
    await expect(page.getByTestId('list-search-term')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('list-search-term').fill(meterId);
    await page.getByTestId('list-search').click();
    await expect(bodyRows(page)).toHaveCount(1, { timeout: 15_000 });
    await expect(bodyRows(page).first()).toContainText(first);
  });
});
