import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { ADMIN_AUTHORIZATION_PASSWORD } from '../playwright.config';
import { api, apiLogin, bodyRows, setLanguage, signIn } from './helpers';

export const TOKEN = /^\d{4} \d{4} \d{4} \d{4} \d{4}$/;
/** The token of a TokenText (its copy button adds no text, but be safe). */
export const tokenIn = (text: string | null) => /\d{4} \d{4} \d{4} \d{4} \d{4}/.exec(text ?? '')?.[0] ?? '';

/** A 7-digit suffix for this run's records (`n` apart for each test of a file): meter `4700<suffix>`. */
export const uniqueSuffix = (n = 0) => String((Date.now() + n) % 10_000_000).padStart(7, '0');

/** The STS fields of the meters these tests make: EA07, SGC 123456, KRN 1, a known decoder key. */
export const E2E_METER = {
  type: 0,
  ea: '07',
  protocolVersion: 'STS-1',
  baseYear: 2014,
  sgc: '123456',
  krn: 1,
  ken: 255,
  ti: 1,
  kt: 2,
  decoderKey: 'ABCDEF0123456789',
};

/** A vendable account made through the master-data API: customer, tariff, meter with a decoder key, account. */
export async function vendableAccount(request: APIRequestContext, suffix: string, meterId = `4700${suffix}`) {
  const token = await apiLogin(request);
  const ok = async (path: string, rows: unknown[]) => {
    const env = await api(request, path, rows, token);
    expect(env.code, `${path}: ${env.reason}`).toBe(0);
  };
  const customerId = `VC${suffix}`;
  const tariffId = `VT${suffix}`;
  await ok('/api/customer/create', [
    { customerId, customerName: `Vend Customer ${suffix}`, address: '1 Vend Street' },
  ]);
  await ok('/api/tariff/create', [
    { tariffId, tariffName: 'E2E RESIDENTIAL', price: '10', tax: '7.5', monthlyCharge: '0' },
  ]);
  await ok('/api/meter/create', [{ meterId, ...E2E_METER }]);
  await ok('/api/account/create', [{ customerId, meterId, tariffId }]);
  return { meterId, customerId };
}

/** Opens a grid, searches for `term` and waits for the `rows` rows it finds (one by default). */
export async function openAndSearch(page: Page, path: string, term: string, rows = 1) {
  await page.goto(path);
  await expect(page.getByTestId('list-search-term')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('list-search-term').fill(term);
  await page.getByTestId('list-search').click();
  await expect(bodyRows(page)).toHaveCount(rows, { timeout: 15_000 });
}

/** Finds the meter's account on a Token Generate page and opens its row action (Recharge, Generate…). */
export async function openRowAction(page: Page, path: string, meterId: string) {
  await openAndSearch(page, path, meterId);
  await bodyRows(page).first().getByTestId('row-action').click();
}

/** Opens a token page's dialog for the meter's account, the authorization password typed in. */
export async function openTokenDialog(page: Page, path: string, meterId: string) {
  await openRowAction(page, path, meterId);
  const dialog = page.locator('.ant-modal').first();
  await dialog.getByTestId('authorization-password').fill(ADMIN_AUTHORIZATION_PASSWORD);
  return dialog;
}

/** Opens the Recharge dialog of the meter's account on the Credit Token page. */
export async function openRecharge(page: Page, meterId: string) {
  await openRowAction(page, '/token-generate/credit-token', meterId);
  return page.getByRole('dialog', { name: 'Recharge' });
}

/** Prints the receipt from a sale's result dialog (`done`) and returns the tab the receipt opens in. */
export async function printReceipt(context: BrowserContext, done: Locator) {
  const [receipt] = await Promise.all([
    context.waitForEvent('page'),
    done.getByTestId('print-receipt').click(),
  ]);
  return receipt;
}

/** A credit vend through the API, as the admin: a receipt to read, print or send in the pages. */
export async function vendByApi(request: APIRequestContext, meterId: string, amount: string) {
  const token = await apiLogin(request);
  const env = await api(
    request,
    '/api/token/creditToken/generate',
    {
      meterId,
      isPreview: false,
      isVendByTotalPaid: true,
      amount,
      payDebtPercent: 0,
      authorizationPassword: ADMIN_AUTHORIZATION_PASSWORD,
      idempotencyKey: `e2e-${meterId}-${amount}`,
    },
    token,
  );
  expect(env.code, env.reason).toBe(0);
  return env.result as { receiptId: number; token: string };
}

/**
 * A vendable account with one credit vend of `amount` (through the API), then the console signed in as the
 * admin (in `language` when given) on Credit Token Record, searched for the meter: its one row on screen.
 */
export async function openVendRecord(
  page: Page,
  request: APIRequestContext,
  vend: { suffix: string; amount: string; language?: 'en' | 'zh' | 'es' },
) {
  const { receipts, ...account } = await vendedAccount(request, vend.suffix, vend.amount);
  if (vend.language) await setLanguage(page.context(), vend.language);
  await signIn(page);
  await openAndSearch(page, '/token-record/credit-token-record', account.meterId);
  return { ...account, receipt: receipts[0] };
}

/** A vendable account with a credit vend (through the API) of each amount, in order: their receipts. */
export async function vendedAccount(
  request: APIRequestContext,
  suffix: string,
  amount: string,
  ...more: string[]
) {
  const account = await vendableAccount(request, suffix);
  const first = await vendByApi(request, account.meterId, amount);
  const receipts: [typeof first, ...(typeof first)[]] = [first];
  for (const next of more) receipts.push(await vendByApi(request, account.meterId, next));
  return { ...account, receipts };
}
