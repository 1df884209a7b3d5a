import { expect, test } from '@playwright/test';
import { api, apiLogin, describeConsole, signIn } from './helpers';

interface GatewayRow {
  gatewayId: string;
  status: boolean;
  successRate: number;
  lastSeen: string | null;
}

describeConsole('the head-end and the simulated fleet after start-up', () => {
  test('the Gateway page shows gateways online with a success rate and last seen; meters show their link', async ({
    page,
    request,
  }) => {
    // The server started the simulated fleet; wait (as a user would) until the head-end has heard it.
    const admin = await apiLogin(request);
    await expect
      .poll(
        async () => {
          const env = await api(request, '/api/gateway/read', { pageSize: 100 }, admin);
          const rows = (env.result as { data: GatewayRow[] }).data;
          return rows.filter((g) => g.status && g.successRate > 0 && g.lastSeen).length;
        },
        { timeout: 90_000, intervals: [1_000] },
      )
      .toBeGreaterThan(0);

    await signIn(page);
    await page.goto('/management/gateway');
    const table = page.getByTestId('list-table');
    await expect(table.locator('.ant-tag', { hasText: 'Online' }).first()).toBeVisible({ timeout: 30_000 });
    // A success rate above zero, as a figure.
    await expect(
      table
        .getByRole('progressbar')
        .getByText(/^[1-9]\d*(\.\d+)?%$/)
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId('th-lastSeen').first()).toBeVisible();
    await expect(table.getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/).first()).toBeVisible();

    // A meter the fleet answers for is online on the Meter page, with its serving gateway.
    await page.goto('/management/meter');
    await expect(page.getByTestId('list-meter')).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const env = await api(request, '/api/meter/read', { online: true, pageSize: 1 }, admin);
          return (env.result as { total: number }).total;
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBeGreaterThan(0);
    await page.reload();
    const meterTable = page.getByTestId('list-table');
    await expect(page.getByTestId('th-online').first()).toBeVisible({ timeout: 30_000 });
    await expect(meterTable.locator('.ant-tag', { hasText: 'Online' }).first()).toBeVisible({
      timeout: 30_000,
    });
    // The serving gateway sits in the column chooser: shown here, where the meter's link is what is checked.
    await page.getByTestId('list-columns').click();
    await page.getByTestId('list-column-servingGatewayId').click();
    await page.getByTestId('list-columns').click();
    await expect(page.locator('thead').getByTestId('th-servingGatewayId')).toBeVisible();
    await expect(meterTable.getByText(/^E4-38-19-FF-FE-/).first()).toBeVisible();
  });

  test('the Gateway page at 375 px: status and rate readable, the page does not scroll sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await page.goto('/management/gateway');
    await expect(page.getByTestId('list-total')).toHaveText(/Total \d+/, { timeout: 30_000 });
    await expect(page.getByTestId('th-status').first()).toBeVisible();
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(376);
  });
});
