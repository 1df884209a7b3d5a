import { expect, test } from '@playwright/test';
import { describeConsole, openList, settledBox, signIn } from './helpers';

describeConsole('management at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('a list page fits the phone: the table scrolls sideways, dialogs take the width', async ({ page }) => {
    await signIn(page);
    await openList(page, '/management/customer', 'customer');

    // The page itself does not scroll sideways…
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(376);
    // …the table does.
    const scroller = page
      .locator('[data-testid=list-table] .ant-table-content, [data-testid=list-table] .ant-table-body')
      .first();
    const { scrollWidth, clientWidth } = await scroller.evaluate((e) => ({
      scrollWidth: e.scrollWidth,
      clientWidth: e.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await expect(page.getByTestId('list-search')).toBeInViewport();
    await expect(page.getByTestId('list-add')).toBeInViewport();

    // The add dialog uses the screen's width.
    await page.getByTestId('list-add').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Add Customer' });
    await expect(dialog).toBeVisible();
    // Measured once the zoom-in has finished: while it runs the dialog is scaled down.
    const box = await settledBox(dialog);
    expect(box.width).toBeGreaterThan(330);
    expect(box.x + box.width).toBeLessThanOrEqual(376);
    await page.screenshot({ path: 'test-results/management-customer-375.png' });
  });
});
