import { expect, test } from '@playwright/test';
import { bodyRows, describeConsole, loginAs, openAddDialog, openList } from './helpers';

const DECODER_KEY = '0123456789ABCDEF';

describeConsole('management: meter', () => {
  test('the decoder key is write-only: accepted by the form, never shown or sent back', async ({ page }) => {
    const bodies: string[] = [];
    page.on('response', async (r) => {
      if (r.url().includes('/api/')) bodies.push(await r.text().catch(() => ''));
    });
    // An 11-digit STS meter number.
    const meterId = `479${String(Date.now()).slice(-8)}`;
    await loginAs(page);
    await openList(page, '/management/meter', 'meter');

    const dialog = await openAddDialog(page, 'Add Meter');
    await dialog.getByTestId('field-meterId').fill(meterId);
    await dialog.getByTestId('field-sgc').fill('123456');
    await dialog.getByTestId('field-krn').fill('1');
    await dialog.getByTestId('field-ken').fill('255');
    await dialog.getByTestId('field-ti').fill('1');
    await dialog.getByText('Enter the decoder key').click();
    const key = dialog.getByTestId('field-decoderKey');
    await expect(key).toHaveAttribute('type', 'password');
    await key.fill('12345');
    await dialog.getByTestId('form-submit').click();
    await expect(dialog.getByText('Please enter 16 / 32 hexadecimal digits')).toBeVisible();
    await key.fill(DECODER_KEY);
    await dialog.getByTestId('form-submit').click();
    await expect(dialog).toBeHidden();

    await page.getByTestId('list-search-term').fill(meterId);
    await page.getByTestId('list-search').click();
    const row = bodyRows(page);
    await expect(row).toHaveCount(1);
    await expect(row.first()).toContainText('Set');
    await expect(row.first()).toContainText('Unused');

    // Editing offers "keep" by default and never pre-fills the key.
    await row.first().getByTestId('row-edit').click();
    const edit = page.getByRole('dialog', { name: 'Edit Meter' });
    await expect(edit.getByLabel('Keep the stored key')).toBeChecked();
    await expect(edit.getByTestId('field-decoderKey')).toHaveCount(0);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await expect(page.locator('body')).not.toContainText(DECODER_KEY);
    expect(bodies.length).toBeGreaterThan(2);
    for (const b of bodies) expect(b.toUpperCase()).not.toContain(DECODER_KEY);
  });
});
