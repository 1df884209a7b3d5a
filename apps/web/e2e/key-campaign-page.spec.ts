import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { luhnCheckDigit } from '@prepay/sts';
import { api, apiLogin, describeAtDeskAndPhone, downloadWorkbook, signIn, visit } from './helpers';
import { E2E_METER, TOKEN, uniqueSuffix, vendableAccount } from './vending-helpers';

/** A meter number whose check digit is right (an STS meter number is an IAIN: Luhn-checked). */
const iain = (n: number, suffix: string) => {
  const body = `47${n}${suffix}`;
  return body + luhnCheckDigit(body);
};

/**
 * Two vendable meters the campaign can issue, and one meter without an account that it cannot (its
 * reason is kept), with the next key revision's vending key in the vault.
 */
async function fleet(request: APIRequestContext, suffix: string) {
  const admin = await apiLogin(request);
  const key = await api(
    request,
    '/api/keystore/vendingKey/generate',
    [{ sgc: '123456', krn: 2, dkga: '02', baseYear: 2014, label: 'campaign e2e' }],
    admin,
  );
  if (key.code !== 0) expect(key.reason).toMatch(/already has a vending key/);
  const a = await vendableAccount(request, `${suffix}1`, iain(1, suffix));
  const b = await vendableAccount(request, `${suffix}2`, iain(2, suffix));
  const bare = iain(3, suffix);
  const meter = await api(request, '/api/meter/create', [{ ...E2E_METER, meterId: bare }], admin);
  expect(meter.code, meter.reason).toBe(0);
  return { issued: [a.meterId, b.meterId].sort(), failed: bare };
}

async function pickState(page: Page, label: string) {
  await page.getByTestId('campaign-state-filter').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: label })
    .click();
}

/** The open campaign's meters exported with the filter shown: header and rows of the first sheet. */
async function exported(page: Page) {
  const wb = await downloadWorkbook(page, () => page.getByTestId('campaign-export').click());
  const rows: unknown[][] = [];
  wb.worksheets[0]?.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describeAtDeskAndPhone('key change campaigns', (viewport, title) => {
  test('a campaign from an imported meter list: preview, start, progress, meters by state, export', async ({
    page,
    request,
  }) => {
    const suffix = uniqueSuffix(title === 'desktop' ? 0 : 50);
    const meters = await fleet(request, suffix);
    const name = `Revision 2 ${suffix}`;
    await signIn(page);
    await visit(page, '/setting/key-campaign');

    await page.getByTestId('list-add').click();
    // The dialog's body scrolls; its Start stays in the window, on a phone too.
    await expect(page.getByTestId('campaign-start')).toBeInViewport({ ratio: 1 });
    await page
      .getByTestId('campaign-meter-list')
      .fill([...meters.issued, meters.failed, 'NOSUCHMETER'].join('\n'));
    await page.getByTestId('campaign-preview').click();
    await expect(page.getByTestId('campaign-preview-count')).toContainText('3 meters match');
    await page.getByTestId('campaign-name').fill(name);
    await page.getByTestId('campaign-target-krn').fill('2');
    await page.getByTestId('campaign-start').click();
    await page.getByTestId('campaign-confirm').click();
    await expect(page.getByTestId('campaign-form')).toBeHidden();

    // The list reads again while the campaign runs, until no meter waits for its tokens.
    const row = page.getByTestId('list-table').locator('tbody tr.ant-table-row').filter({ hasText: name });
    await expect(row.getByTestId('count-total')).toHaveText('3');
    await expect(row.getByTestId('count-pending')).toHaveText('0', { timeout: 30_000 });
    await expect(row.getByTestId('count-failed')).toHaveText('1');
    await expect(row.getByTestId('count-issued')).toHaveText('2');

    const panel = page.getByTestId('campaign-meters');
    await expect(panel.locator('tbody tr.ant-table-row')).toHaveCount(3);
    await pickState(page, 'Failed');
    await expect(panel.locator('tbody tr.ant-table-row')).toHaveCount(1);
    const failedRow = panel.locator('tbody tr.ant-table-row').first();
    await expect(failedRow).toContainText(meters.failed);
    await expect(failedRow.locator('td').nth(3)).not.toBeEmpty();
    const failed = await exported(page);
    expect(failed.map((r) => [r[0], r[1]])).toEqual([[meters.failed, 'Failed']]);
    expect(String(failed[0]?.at(-1))).not.toBe('');

    await pickState(page, 'Issued');
    await expect(panel.locator('tbody tr.ant-table-row')).toHaveCount(2);
    const issued = await exported(page);
    expect(issued.map((r) => r[0])).toEqual(meters.issued);
    for (const r of issued) {
      expect(r[1]).toBe('Issued');
      expect(r[2]).toMatch(TOKEN);
      expect(r[3]).toMatch(TOKEN);
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
  });
});
