import { expect, type Page, test } from '@playwright/test';
import { layoutRoutes } from '../src/app/route-table';
import { bodyRows, describeConsole } from './helpers';
import { onEveryList, ownsPoint } from './list-page-helpers';

/** Pages of the route table that are not a list (a dashboard, a form, a picture library, a cash-up sheet). */
const NOT_LISTS = new Set([
  '/dashboard',
  '/token-generate/meter-test-token',
  '/token-record/cash-up',
  '/setting/image',
  '/setting/vending-key',
  // A meter-and-dates query with a chart over its readings.
  '/remote-report/load-profile',
]);

const ACCOUNTS = 'customerName meterId';
const TASKS = 'meterId status reason createDate';
const SENT = 'status meterId';

/**
 * The columns an operator decides by, per list page (column keys, space-separated): shown by default (not in
 * the column chooser) and on screen at 1366 px without scrolling sideways. The first is the one a phone
 * shows first.
 */
const DECIDING: Record<string, string> = {
  // Which campaign, how far it has come, and what needs a hand: failed and still pending meters.
  '/setting/key-campaign': 'name progress failed pending total',
  // What the cashier checks before a sale: debt, carried change and last purchase.
  '/token-generate/credit-token': `${ACCOUNTS} remainingDebt carriedChange lastPurchaseDate`,
  '/token-generate/clear-tamper-token': ACCOUNTS,
  '/token-generate/clear-credit-token': ACCOUNTS,
  '/token-generate/set-maximum-power-limit-token': ACCOUNTS,
  '/token-generate/set-maximum-overdraft-token': ACCOUNTS,
  '/token-generate/set-maximum-phase-power-unbalance-limit-token': ACCOUNTS,
  '/token-generate/update-meter-key': ACCOUNTS,
  '/token-generate/change-meter-key-token': ACCOUNTS,
  '/token-record/credit-token-record': 'meterId customerName totalPaid token status createDate',
  '/token-record/credit-token-cancel-record': 'receiptId cancelReceiptId token cancelDate',
  '/token-record/clear-tamper-token-record': 'meterId customerName token createDate',
  '/token-record/clear-credit-token-record': 'meterId customerName token createDate',
  '/token-record/set-maximum-power-limit-token-record': 'meterId token maximumPower createDate',
  '/token-record/set-maximum-overdraft-token-record': 'meterId token maximumOverdraft createDate',
  '/token-record/set-maximum-phase-power-unbalance-limit-token-record':
    'meterId token maximumPhasePowerUnbalance createDate',
  '/token-record/change-meter-key-token-record': 'meterId customerName tokens confirmed createDate',
  '/remote-operation/remote-meter-reading': SENT,
  '/remote-operation/remote-meter-setting': SENT,
  '/remote-operation/remote-meter-control': SENT,
  '/remote-operation/remote-meter-token': SENT,
  '/remote-operation/transparent-forwarding': SENT,
  // How far each meter's upgrade got, and why one failed.
  '/remote-operation/update-firmware': 'meterId fileName status blocksDone reason',
  '/remote-operation-record/remote-meter-reading-task': TASKS,
  '/remote-operation-record/remote-meter-setting-task': TASKS,
  // Why a customer's supply was cut: the operator's reason.
  '/remote-operation-record/remote-meter-control-task': `${TASKS} remark`,
  '/remote-operation-record/remote-meter-token-task': TASKS,
  '/remote-operation-record/transparent-forwarding-task': TASKS,
  '/prepay-report/long-nonpurchase-situation': 'customerName meterId lastPurchaseDate nonpurchaseDays',
  '/prepay-report/low-purchase-situation': 'customerName meterId purchaseTimes purchaseTotalPaid',
  '/prepay-report/debt-situation': 'customerName totalDebt remainingDebt lastPaymentDate',
  '/prepay-report/consumption-statistics': 'currentDate consumption',
  '/prepay-report/daily-data': 'meterId customerName currentDate total remain valveStatus',
  '/prepay-report/daily-data-meter': 'meterId customerName gatewayId currentDate total1 remain1',
  '/prepay-report/monthly-data': 'meterId customerName currentDate total1 remain1',
  '/prepay-report/alarm': 'meterId customerName kind detail raisedDate acknowledged',
  '/remote-report/event-notification': 'meterId currentDate eventCode eventContent',
  '/remote-report/gprs-online-status': 'meterId isOnline statusUpdateDate',
  '/management/meter': 'meterId customerName online lastSeen status',
  '/management/gateway': 'status successRate lastSeen gatewayId',
  '/management/customer': 'customerId customerName phone address',
  '/management/tariff': 'tariffId tariffName price',
  '/management/debt': 'customerName totalDebt remainingDebt',
  '/management/account': 'customerName meterId tariffName status',
  '/revenue-protection/suspects': 'meterId score evidence customerId transformerId',
  '/revenue-protection/zero-buyers': 'meterId customerId nonpurchaseDays state energy',
  '/revenue-protection/consumption-beyond-credit':
    'meterId customerId excessEnergy energySince lastPurchaseDate',
  '/revenue-protection/tamper': 'meterId eventDays lastEventDate dropPercent',
  '/revenue-protection/transformer-balance': 'transformerId readingDate lossPercent missingMeters',
  '/revenue-protection/feeder': 'feederId feederName transformerCount',
  '/revenue-protection/transformer': 'transformerId transformerName checkMeterId meterCount',
  '/revenue-protection/case': 'caseId meterId customerName status assignedTo outcome',
  '/channel/vendor': 'vendorId vendorName enabled balance',
  '/channel/channel-transaction': 'createDate vendorId meterId amount saleState',
  '/channel/reconciliation': 'day vendorId salesAmount netDue',
  '/channel/mobile-payment': 'transId createDate amount billRef state',
  '/channel/sms-log': 'createDate destination kind state',
  '/setting/station': 'stationId name',
  '/setting/role': 'roleId name',
  '/setting/user': 'userId fullName status roleId',
  '/setting/log': 'createDate userId title action',
  '/setting/item': 'itemType itemName',
};

/** The deciding column keys of a list page. */
const decidingOf = (path: string) => DECIDING[path]?.split(' ') ?? [];

/** Every page of the one route table the menu, router and search share (no role-only keys, no hidden pages). */
const PAGES = layoutRoutes
  .flatMap((r) => r.children ?? [r])
  .filter((r) => !r.onlyRole && !r.hidden)
  .map((r) => r.path);
const LISTS = PAGES.filter((p) => !NOT_LISTS.has(p));

/** What opens a dialog on a list page: create, edit, a row's action (Recharge, Generate…), Add Task. */
const OPENERS = ['list-add', 'row-edit', 'row-action', 'add-task'];

const header = (page: Page, key: string) =>
  page.locator('[data-testid=list-table] thead').getByTestId(`th-${key}`);

async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  return box ?? { x: 0, y: 0, width: 0, height: 0 };
}

/**
 * A deciding column's header is wholly inside the window with the grid unscrolled, and nothing (a pinned
 * Actions column, the sidebar) draws over it.
 */
async function decidingInView(page: Page, path: string, key: string) {
  const th = header(page, key);
  await expect.soft(th, `${path} ${key}`).toBeInViewport({ ratio: 1 });
  const box = await th.boundingBox();
  if (!box) return;
  const own = await page.evaluate(
    ([k, x, y]) =>
      Boolean(document.elementFromPoint(x, y)?.closest('th')?.querySelector(`[data-testid="th-${k}"]`)),
    [key, box.x + box.width / 2, box.y + box.height / 2] as const,
  );
  expect.soft(own, `${path} ${key}: covered`).toBe(true);
}

/** Pinned cells (left or right) stay right of the sidebar and below the header, the grid scrolled to its end. */
async function pinnedInsidePage(page: Page, path: string) {
  await page
    .locator('[data-testid=list-table] .ant-table-content, [data-testid=list-table] .ant-table-body')
    .first()
    .evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
  const sidebar = await boxOf(page, '.sidebar-container');
  const pinned = page.locator(
    '[data-testid=list-table] .ant-table-cell-fix-left, [data-testid=list-table] .ant-table-cell-fix-right',
  );
  for (const box of await pinned.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
    if (box.width === 0) continue;
    expect
      .soft(box.x, `${path}: a pinned cell under the sidebar`)
      .toBeGreaterThanOrEqual(sidebar.x + sidebar.width - 1);
  }
}

/** The open dialog is inside the window, drawn above the shell, and its actions can be clicked where they are. */
async function checkDialog(page: Page, what: string) {
  const dialog = page.locator('.ant-modal-container').filter({ visible: true }).last();
  await expect(dialog, what).toBeVisible();
  const view = page.viewportSize() ?? { width: 0, height: 0 };
  const box = await dialog.boundingBox();
  if (!box) throw new Error(`${what}: no dialog box`);
  expect.soft(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(view.width + 0.5);
  expect.soft(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  // Above the sidebar and the header: the dialog's own top-left corner is the dialog's.
  expect
    .soft(await ownsPoint(page, '.ant-modal-container', box.x + 6, box.y + 6), `${what}: under the shell`)
    .toBe(true);
  const actions = dialog.locator('.ant-modal-footer button').filter({ visible: true });
  expect.soft(await actions.count(), `${what}: has actions`).toBeGreaterThan(0);
  for (const button of await actions.all()) {
    await expect.soft(button, `${what}: action outside the window`).toBeInViewport({ ratio: 1 });
    const b = await button.boundingBox();
    if (b)
      expect
        .soft(
          await ownsPoint(page, '.ant-modal-footer', b.x + b.width / 2, b.y + b.height / 2),
          `${what}: action covered`,
        )
        .toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog, `${what}: closes`).toBeHidden();
}

/** Every dialog the page opens from its toolbar or its first row. */
async function checkDialogs(page: Page, path: string) {
  for (const opener of OPENERS) {
    const button =
      opener === 'list-add' ? page.getByTestId(opener) : bodyRows(page).first().getByTestId(opener);
    if ((await button.count()) === 0) continue;
    await button.first().click();
    await checkDialog(page, `${path} ${opener}`);
  }
}

test('every list page of the route table names its deciding columns', () => {
  expect(LISTS.filter((p) => !DECIDING[p])).toEqual([]);
  expect(Object.keys(DECIDING).filter((p) => !LISTS.includes(p))).toEqual([]);
});

describeConsole('layout at 1366×768', { timeout: 900_000 }, () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('deciding columns on screen and uncovered, pinned columns and dialogs inside the page', async ({
    page,
  }) => {
    await onEveryList(page, LISTS, async (path) => {
      for (const key of decidingOf(path)) await decidingInView(page, path, key);
      await pinnedInsidePage(page, path);
      await checkDialogs(page, path);
    });
  });
});

describeConsole('the Meter grid at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  // The heaviest grid lays out from its declared widths: nothing scrolls sideways, nothing is pinned or measured.
  test('fits the page with its default columns', async ({ page }) => {
    await onEveryList(page, ['/management/meter'], async (path) => {
      await expect(page.locator('.list-page-fits [data-testid=list-table]'), path).toBeVisible();
      const sideways = await page
        .locator('[data-testid=list-table] .ant-table-content')
        .evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(sideways, path).toBeLessThanOrEqual(0);
      for (const key of decidingOf(path)) await decidingInView(page, path, key);
    });
  });
});

describeConsole('layout at 375×812', { timeout: 900_000 }, () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the first deciding column in view, the page inside the phone, dialogs and their actions inside the window', async ({
    page,
  }) => {
    await onEveryList(page, LISTS, async (path) => {
      const first = decidingOf(path)[0];
      if (first) await expect.soft(header(page, first), `${path} ${first}`).toBeInViewport();
      expect
        .soft(await page.evaluate(() => document.documentElement.scrollWidth), path)
        .toBeLessThanOrEqual(376);
      await checkDialogs(page, path);
    });
  });
});
