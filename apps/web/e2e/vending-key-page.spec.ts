import { constants, createCipheriv, publicEncrypt } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { kenForExpiry } from '@prepay/sts';
import { describeAtDeskAndPhone, signIn, visit } from './helpers';

const LOADED_KEY = 'A1B2C3D4E5F60718';

/** The DKGA02 check value computed here with node:crypto, apart from the code under test. */
function desCheckValue(keyHex: string): string {
  const key = Buffer.from(keyHex + keyHex, 'hex');
  const block = createCipheriv('des-ede-ecb', key, null).update(Buffer.alloc(8));
  return block.subarray(0, 3).toString('hex').toUpperCase();
}

const keyRow = (page: Page, sgc: string, krn: number) =>
  page.getByTestId('vending-key-page').locator(`tbody tr[data-row-key="${sgc}/${krn}"]`);

async function fillKey(page: Page, sgc: string, krn: number) {
  const form = page.getByTestId('key-form');
  await form.getByTestId('key-sgc').fill(sgc);
  await form.getByTestId('key-krn').fill(String(krn));
}

describeAtDeskAndPhone('vending keys', (viewport, title) => {
  test('generate a key in the vault and load one: each shown by its check value, never the key', async ({
    page,
  }) => {
    const sgc = title === 'desktop' ? '610001' : '610002';
    await signIn(page);
    await visit(page, '/setting/vending-key');

    await page.getByTestId('key-generate').click();
    await fillKey(page, sgc, 1);
    await expect(page.getByTestId('key-value')).toHaveCount(0);
    await page.getByTestId('key-submit').click();
    await expect(keyRow(page, sgc, 1)).toHaveCount(1);
    await expect(keyRow(page, sgc, 1)).toContainText(/[0-9A-F]{6}/);

    await page.getByTestId('key-load').click();
    await fillKey(page, sgc, 2);
    await page.getByTestId('key-value').fill(LOADED_KEY);
    await page.getByTestId('key-submit').click();
    await expect(keyRow(page, sgc, 2)).toContainText(desCheckValue(LOADED_KEY));
    await expect(page.getByText(LOADED_KEY)).toHaveCount(0);
    expect(await page.content()).not.toContain(LOADED_KEY);

    // The vault refuses to replace a key meters were derived from; the dialog stays open with the reason.
    await page.getByTestId('key-generate').click();
    await fillKey(page, sgc, 2);
    await page.getByTestId('key-submit').click();
    await expect(page.getByText(`SGC ${sgc} KRN 2 already has a vending key`)).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByTestId(`delete-key-${sgc}-2`).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /ok|yes/i })
      .click();
    await expect(keyRow(page, sgc, 2)).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
  });

  test('import a key wrapped by its supplier under a transport key the vault made', async ({ page }) => {
    const sgc = title === 'desktop' ? '610003' : '610004';
    const WRAPPED_KEY = title === 'desktop' ? '0ABC1234DEF56789' : '1ABC1234DEF5678A';
    await signIn(page);
    await visit(page, '/setting/vending-key');
    const transports = page.getByTestId('transport-keys').locator('tbody tr.ant-table-row');
    const before = await transports.count();
    await page.getByTestId('transport-generate').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /ok|yes/i })
      .click();
    await expect(transports).toHaveCount(before + 1);
    const fingerprint = ((await transports.last().locator('code').textContent()) ?? '').trim();
    expect(fingerprint).toMatch(/^[0-9A-F]{64}$/);
    // The supplier's side: the public key downloaded from the page, the key wrapped under it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(`pem-${fingerprint.slice(0, 8)}`).click(),
    ]);
    const pem = await streamText(await download.createReadStream());
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const wrapped = publicEncrypt(
      { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(WRAPPED_KEY, 'hex'),
    ).toString('base64');

    await page.getByTestId('key-import').click();
    await fillKey(page, sgc, 1);
    await page.getByTestId('key-transport').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: fingerprint.slice(0, 16) })
      .click();
    await page.getByTestId('key-wrapped').fill(wrapped);
    // A check value that is not the key's: refused, nothing stored, the dialog stays with the reason.
    await page.getByTestId('key-check-value').fill('000000');
    await page.getByTestId('key-submit').click();
    await expect(
      page.getByText(`SGC ${sgc} KRN 1: the unwrapped key is not the key its check value names`),
    ).toBeVisible();
    await expect(keyRow(page, sgc, 1)).toHaveCount(0);
    await page.getByTestId('key-check-value').fill(desCheckValue(WRAPPED_KEY));
    await page.getByTestId('key-submit').click();
    await expect(keyRow(page, sgc, 1)).toContainText(desCheckValue(WRAPPED_KEY));
    expect(await page.content()).not.toContain(WRAPPED_KEY);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
  });

  test("a key's expiry day: given at generation, flagged once past, cleared to never", async ({ page }) => {
    const sgc = title === 'desktop' ? '610005' : '610006';
    await signIn(page);
    await visit(page, '/setting/vending-key');
    await page.getByTestId('key-generate').click();
    await fillKey(page, sgc, 1);
    await pickDay(page.getByTestId('key-form'), '2040-12-31');
    await page.getByTestId('key-submit').click();
    const row = keyRow(page, sgc, 1);
    await expect(row).toContainText('2040-12-31');
    await expect(row).toContainText(String(kenForExpiry('2040-12-31', 2014)));

    await page.getByTestId(`expiry-key-${sgc}-1`).click();
    await pickDay(page.getByTestId('expiry-form'), '2020-01-31');
    await page.getByTestId('expiry-submit').click();
    await expect(row.locator('.ant-tag')).toHaveText('Expired 2020-01-31');

    await page.getByTestId(`expiry-key-${sgc}-1`).click();
    await page.getByTestId('expiry-form').locator('.ant-picker-clear').click({ force: true });
    await page.getByTestId('expiry-submit').click();
    await expect(row).toContainText('Never');
    await expect(row).toContainText('255');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
  });
});

/** Types a day into the form's date picker, as a keyboard user does. */
async function pickDay(form: Locator, day: string) {
  const input = form.locator('.ant-picker input');
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  await expect(input).toHaveValue(day);
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
