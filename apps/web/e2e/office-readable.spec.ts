import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN_AUTHORIZATION_PASSWORD } from '../playwright.config';
import { bodyRows, describeConsole, loginAs, setLanguage } from './helpers';
import { openRecharge, openVendRecord, TOKEN, tokenIn, uniqueSuffix } from './vending-helpers';

/** A workbook of `rows` on one sheet, as a user's file to import. */
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * Elements of `selector` inside `container` that stick out of it sideways, and those cut by an
 * ellipsis without a tooltip (a title on them or on an element around or inside them).
 */
async function overflowOf(page: Page, container: string, selector: string) {
  return page.evaluate(
    ({ container, selector }) => {
      const out: string[] = [];
      for (const box of Array.from(document.querySelectorAll(container))) {
        const outer = box.getBoundingClientRect();
        for (const el of Array.from(box.querySelectorAll<HTMLElement>(selector))) {
          const r = el.getBoundingClientRect();
          if (r.width === 0) continue;
          const text = el.innerText.trim();
          if (r.left < outer.left - 1 || r.right > outer.right + 1) out.push(`sticks out: ${text}`);
          const cut = el.scrollWidth > el.clientWidth + 1;
          if (cut && !el.closest('[title]') && !el.querySelector('[title]'))
            out.push(`cut, no tooltip: ${text}`);
        }
      }
      return out;
    },
    { container, selector },
  );
}

async function breadcrumbClearsUser(page: Page) {
  const crumb = await page.getByTestId('breadcrumb').boundingBox();
  const user = await page.getByTestId('user-dropdown').boundingBox();
  if (!crumb || !user) throw new Error('no breadcrumb or user menu');
  expect(crumb.x + crumb.width).toBeLessThanOrEqual(user.x + 1);
  // Each crumb ends inside the breadcrumb (cut with an ellipsis when it must be).
  expect(await overflowOf(page, '[data-testid=breadcrumb]', 'li')).toEqual([]);
}

const LONG_PAGE = '/token-record/set-maximum-phase-power-unbalance-limit-token-record';

/**
 * What a cashier and a supervisor read: import errors that name the row, the column and the
 * accepted values once; labels that never overflow their card, the sidebar or the user name; and a
 * vend's token sent to the meter from the receipt dialog, through the head-end to the simulated fleet.
 */
describeConsole('office: what a cashier and a supervisor read', () => {
  test('an import error names the row, the column title and the accepted values, once', async ({ page }) => {
    await loginAs(page, undefined, undefined, '/management/meter');
    await page.getByTestId('list-import').click();
    const file = await xlsx([
      ['Meter Id', 'Meter Type', 'Phase'],
      ['E2E-IMPORT-1', 'Water', 'Three-phase meter'],
      ['E2E-IMPORT-2', 'Steam', 0],
    ]);
    await page.locator('[data-testid=import-dialog] input[type=file]').setInputFiles({
      name: 'meters.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByTestId('import-submit').click();
    const errors = page.getByTestId('import-errors');
    await expect(errors.getByTestId('import-error-line')).toHaveText([
      'Row 3, column "Meter Type": "Steam" is not accepted; accepted values: 0 (Electricity), 1 (Water), 2 (Gas)',
    ]);
    // Said once: the title says nothing was imported, the line says why; no field path anywhere.
    await expect(errors).toContainText('Nothing was imported. Fix these rows and try again:');
    expect(((await errors.innerText()).match(/Nothing was imported/g) ?? []).length).toBe(1);
    expect(((await errors.innerText()).match(/Row 3/g) ?? []).length).toBe(1);
    await expect(errors).not.toContainText('type:');
  });

  for (const [width, height] of [
    [375, 740],
    [1366, 800],
  ] as const) {
    test.describe(`labels at ${width} px (Spanish, the longest titles)`, () => {
      test.use({ viewport: { width, height }, ...(width < 600 ? { isMobile: true, hasTouch: true } : {}) });

      test('the breadcrumb never runs under the user name; menu and card labels stay inside', async ({
        page,
        context,
      }) => {
        await setLanguage(context, 'es');
        await loginAs(page, undefined, undefined, LONG_PAGE);
        await expect(page.getByTestId('breadcrumb')).toContainText('Registro de tokens', { timeout: 30_000 });
        await breadcrumbClearsUser(page);

        await page.goto('/dashboard');
        await expect(page.getByTestId('panel-money-value')).toBeVisible({ timeout: 30_000 });
        await breadcrumbClearsUser(page);
        expect(await overflowOf(page, '.ant-card', '.ant-card-head-title, .clip-label')).toEqual([]);

        // The sidebar (a drawer on the phone) with every group open.
        if (width < 600) await page.getByTestId('hamburger').click();
        const sidebar = page.getByTestId('sidebar');
        await expect(sidebar).toBeVisible();
        const groups: Locator = sidebar.locator('.ant-menu-submenu-title');
        for (let i = 0; i < (await groups.count()); i++) {
          const group = groups.nth(i);
          if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
        }
        await expect(sidebar.locator('.ant-menu-item').first()).toBeVisible();
        expect(await overflowOf(page, '[data-testid=sidebar]', '.ant-menu-title-content')).toEqual([]);
      });
    });
  }

  test('a table print uses the titles and the words of the user’s language', async ({
    page,
    context,
    request,
  }) => {
    await openVendRecord(page, request, { suffix: uniqueSuffix(), amount: '53.75', language: 'es' });
    const [print] = await Promise.all([context.waitForEvent('page'), page.getByTestId('list-print').click()]);
    const view = print.getByTestId('print-view');
    await expect(view).toBeVisible({ timeout: 30_000 });
    await expect(view.locator('tbody tr').first()).toBeVisible();
    const heads = await view.locator('th').allInnerTexts();
    expect(heads).toEqual(
      expect.arrayContaining(['Id de recibo', 'Tipo de medidor', 'Importe pagado', 'Estado']),
    );
    // Coded values as words and money with 2 places, as on screen, never the stored codes.
    const cells = await view.locator('tbody tr').first().locator('td').allInnerTexts();
    const cell = (title: string) => cells[heads.indexOf(title)];
    expect(cell('Tipo de medidor')).toBe('Electricidad');
    expect(cell('Estado')).toBe('Emitido');
    expect(cell('Importe pagado')).toBe('53.75');
  });

  test('Send to meter from the receipt: the token task to a meter of the fleet turns Success', async ({
    page,
  }) => {
    // A meter of the simulated fleet that is online (the head-end has its link) and speaks 2.2.
    await loginAs(page, undefined, undefined, '/remote-operation/remote-meter-token');
    const rows = bodyRows(page);
    const usable = rows.filter({ hasText: 'Online' }).filter({ hasText: '2.2' });
    await expect(usable.first()).toBeVisible({ timeout: 60_000 });
    const meterId = (await usable.first().locator('td').nth(4).innerText()).trim();

    const recharge = await openRecharge(page, meterId);
    await recharge.getByText('Vend By Total Unit').click();
    await recharge.getByTestId('recharge-amount').fill('1');
    await recharge.getByTestId('recharge-next').click();
    const confirmation = page.getByRole('dialog', { name: 'Transaction Confirmation' });
    await confirmation.getByTestId('authorization-password').fill(ADMIN_AUTHORIZATION_PASSWORD);
    await confirmation.getByTestId('confirm-vend').click();
    const done = page.getByRole('dialog', { name: 'Recharge Succeeded' });
    const token = tokenIn(await done.getByTestId('token-text').textContent());
    expect(token).toMatch(TOKEN);

    await done.getByTestId('send-to-meter').click();
    await expect(page.getByText('Token task created: the token is sent to the meter')).toBeVisible();
    await expect(done.getByTestId('send-to-meter')).toBeDisabled();
    await done.getByTestId('dialog-close').click();

    await page.goto('/remote-operation-record/remote-meter-token-task');
    const task = bodyRows(page).filter({ hasText: meterId }).first();
    await expect(task).toBeVisible({ timeout: 30_000 });
    // The list refreshes by itself while the head-end delivers the token and the meter accepts it.
    await expect(task.getByTestId('task-status')).toHaveText('Success', { timeout: 90_000 });
  });
});
