import { expect, test } from '@playwright/test';
import { api, apiLogin, bodyRows, describeConsole, exportSheet, openList, signIn } from './helpers';

/** The revenue-protection network pages and the transformer balance report, at desk and phone width. */
describeConsole('revenue protection', { timeout: 300_000 }, () => {
  test.beforeAll(async ({ request }) => {
    const token = await apiLogin(request);
    await api(request, '/api/feeder/create', [{ feederId: 'E2E-F1', feederName: 'E2E feeder' }], token);
    await api(
      request,
      '/api/transformer/import',
      [
        { transformerId: 'E2E-T1', feederId: 'E2E-F1' },
        { transformerId: 'E2E-T2', feederId: 'E2E-F1' },
      ],
      token,
    );
  });

  for (const width of [1366, 375]) {
    test(`transformer grid filters and exports at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page);
      await openList(page, '/revenue-protection/transformer', 'transformer');
      await page
        .getByTestId('list-search-term')
        .locator('input')
        .or(page.locator('input[data-testid=list-search-term]'))
        .first()
        .fill('E2E-T2');
      await page.getByTestId('list-search').click();
      await expect(bodyRows(page)).toHaveCount(1);
      const { header, rows } = await exportSheet(page);
      expect(header).toContain('Transformer Id');
      expect(rows.map((r) => r[0])).toEqual(['E2E-T2']);
    });
  }

  test('transformer balance lists each transformer and day and exports them', async ({ page }) => {
    await signIn(page);
    await openList(page, '/revenue-protection/transformer-balance', 'revprot-transformer-balance');
    await expect(page.getByTestId('list-total')).not.toHaveText('Total 0');
    const { header } = await exportSheet(page);
    expect(header).toContain('Loss (%)');
  });
});
