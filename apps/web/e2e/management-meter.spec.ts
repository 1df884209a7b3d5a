import { expect, type Page, test } from '@playwright/test';
import { api, apiLogin, bodyRows, describeConsole, openAddDialog, openList, signIn } from './helpers';

const DECODER_KEY = '0123456789ABCDEF';

/**
 * Keeps the text of every API answer the page gets from now on (to show a secret is never sent back),
 * opens the Meters page's Add dialog and types a new 11-digit STS meter number starting `prefix`.
 */
async function addMeter(page: Page, prefix: string) {
  const bodies: string[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('/api/')) bodies.push(await r.text().catch(() => ''));
  });
  const meterId = `${prefix}${String(Date.now()).slice(-8)}`;
  await signIn(page);
  await openList(page, '/management/meter', 'meter');
  const dialog = await openAddDialog(page, 'Add Meter');
  await dialog.getByTestId('field-meterId').fill(meterId);
  return { bodies, meterId, dialog };
}

describeConsole('management: meter', () => {
  test('the decoder key is write-only: accepted by the form, never shown or sent back', async ({ page }) => {
    const { bodies, meterId, dialog } = await addMeter(page, '479');
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

  test("a GPRS meter's DLMS link: set in the form, the secrets write-only and kept by an edit that leaves them empty", async ({
    page,
    request,
  }) => {
    const AUTH_KEY = 'D0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF';
    const CIPHER_KEY = '000102030405060708090A0B0C0D0E0F';
    const { bodies, meterId, dialog } = await addMeter(page, '478');
    // New meters start as LoRaWAN: the DLMS section appears once GPRS is chosen.
    await expect(dialog.getByTestId('field-ipAddress')).toHaveCount(0);
    await dialog.getByTestId('field-communicationWay').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^GPRS$/ })
      .click();
    await dialog.getByTestId('field-ipAddress').fill('10.20.0.15');
    await dialog.getByTestId('field-ipPort').fill('4059');
    await dialog.getByTestId('field-dlmsAuthentication').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'High (HLS-GMAC)' })
      .click();
    await expect(dialog.getByTestId('field-dlmsAuthenticationKey')).toHaveAttribute('type', 'password');
    await dialog.getByTestId('field-dlmsAuthenticationKey').fill('1234');
    await dialog.getByTestId('form-submit').click();
    await expect(dialog.getByText('Please enter 32 hexadecimal digits')).toBeVisible();
    await dialog.getByTestId('field-dlmsAuthenticationKey').fill(AUTH_KEY);
    await dialog.getByTestId('field-dlmsBlockCipherKey').fill(CIPHER_KEY);
    await dialog.getByTestId('form-submit').click();
    await expect(dialog).toBeHidden();

    const admin = await apiLogin(request);
    const stored = async () => {
      const env = await api(request, '/api/meter/read', { meterId }, admin);
      return (env.result as { data: Record<string, unknown>[] }).data[0];
    };
    expect(await stored()).toMatchObject({
      communicationWay: 0,
      ipAddress: '10.20.0.15',
      ipPort: 4059,
      dlmsAuthentication: 'high-gmac',
      hasDlmsSecrets: true,
    });

    // An edit shows the link as stored, never the secrets; saving with them empty keeps them.
    await page.getByTestId('list-search-term').fill(meterId);
    await page.getByTestId('list-search').click();
    await expect(bodyRows(page)).toHaveCount(1);
    await bodyRows(page).first().getByTestId('row-edit').click();
    const edit = page.getByRole('dialog', { name: 'Edit Meter' });
    await expect(edit.getByTestId('field-ipAddress')).toHaveValue('10.20.0.15');
    await expect(edit.getByTestId('field-dlmsAuthenticationKey')).toHaveValue('');
    await edit.getByTestId('field-ipPort').fill('4060');
    await edit.getByTestId('form-submit').click();
    await expect(edit).toBeHidden();
    expect(await stored()).toMatchObject({
      ipPort: 4060,
      dlmsAuthentication: 'high-gmac',
      hasDlmsSecrets: true,
    });

    expect(bodies.length).toBeGreaterThan(2);
    for (const b of bodies) {
      expect(b.toUpperCase()).not.toContain(AUTH_KEY);
      expect(b.toUpperCase()).not.toContain(CIPHER_KEY);
    }
  });
});
