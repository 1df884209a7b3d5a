import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN_PASSWORD } from '../playwright.config';

export { ADMIN_PASSWORD };
export const USER_PASSWORD = 'User-e2e-Pass1';
/** The login and authorization passwords must differ (password policy). */
export const USER_AUTH_PASSWORD = 'User-e2e-Auth1';
/** Same port as playwright.config.ts (E2E_PORT lets two checkouts run side by side). */
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 18080}`;

/** A console flow (log in, open pages, wait for the server): longer than the 60 s default on a loaded machine. */
export const CONSOLE_FLOW_TIMEOUT = 180_000;

/**
 * `test.describe` for console flows: the group's tests get the timeout such a flow needs (CONSOLE_FLOW_TIMEOUT
 * unless `options` give a longer one).
 */
export function describeConsole(
  title: string,
  ...args: [body: () => void] | [options: { timeout: number }, body: () => void]
) {
  const [{ timeout }, body] = args.length === 1 ? [{ timeout: CONSOLE_FLOW_TIMEOUT }, args[0]] : args;
  test.describe(title, () => {
    test.describe.configure({ timeout });
    body();
  });
}

/** The two sizes a console page is checked at: a desk's screen and a 375 px phone. */
const DESK_AND_PHONE = [
  ['desktop', { width: 1366, height: 800 }],
  ['375 px', { width: 375, height: 740 }],
] as const;

/**
 * `describeConsole` twice, at a desk's screen and on a 375 px phone: the title gets the size's name and
 * the group's tests its viewport (`body` gets both, for width checks and data kept apart per size).
 */
export function describeAtDeskAndPhone(
  title: string,
  body: (viewport: (typeof DESK_AND_PHONE)[number][1], size: (typeof DESK_AND_PHONE)[number][0]) => void,
) {
  for (const [size, viewport] of DESK_AND_PHONE) {
    describeConsole(`${title} (${size})`, () => {
      test.use({ viewport });
      body(viewport, size);
    });
  }
}

/** Calls the API like the console does and returns the envelope. */
export async function api(request: APIRequestContext, path: string, body: unknown, token?: string) {
  const res = await request.post(path, {
    data: body ?? {},
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return (await res.json()) as { code: number; reason: string; result: unknown };
}

/** Logs in through the API (as the admin unless told) and returns the bearer token. */
export async function apiLogin(
  request: APIRequestContext,
  userId = 'admin',
  password = ADMIN_PASSWORD,
): Promise<string> {
  const env = await api(request, '/api/user/login', { userId, password });
  expect(env.code, env.reason).toBe(0);
  return (env.result as { token: string }).token;
}

/** Creates (once per server) a role and a user holding it, through the admin API. */
export async function ensureRoleUser(
  request: APIRequestContext,
  roleId: string,
  content: string,
  userId: string,
): Promise<void> {
  const admin = await apiLogin(request);
  const role = await api(request, '/api/role/create', [{ roleId, name: roleId, content }], admin);
  if (role.code !== 0 && !/exist|duplicate|already/i.test(role.reason)) throw new Error(role.reason);
  const user = await api(
    request,
    '/api/user/create',
    [
      {
        userId,
        roleId,
        stationId: '0001',
        password: USER_PASSWORD,
        authorizationPassword: USER_AUTH_PASSWORD,
      },
    ],
    admin,
  );
  if (user.code !== 0 && !/exist|duplicate|already/i.test(user.reason)) throw new Error(user.reason);
}

/**
 * Fills the login form; the verification code, when the server asks for one, is the server's, which a
 * test server (CAPTCHA_REVEAL_FOR_TESTS) lets the picture expose as data-code (see captcha.tsx).
 */
export async function fillLogin(page: Page, userId: string, password: string) {
  await page.getByTestId('login-username').fill(userId);
  await page.getByTestId('login-password').fill(password);
  const card = page.locator('.login-card');
  await expect(card).not.toHaveAttribute('data-captcha', 'asking');
  if ((await card.getAttribute('data-captcha')) === 'true') {
    const code = await page.getByTestId('captcha').getAttribute('data-code');
    await page.getByTestId('login-code').fill(code ?? '');
  }
  await page.getByTestId('login-submit').click();
}

/**
 * Logs in through the login form: opening `path` sends the browser to the login page, and the form
 * brings it back there. For the tests about logging in; the others sign in with `signIn` or `loginAs`.
 */
export async function loginThroughForm(
  page: Page,
  userId = 'admin',
  password = ADMIN_PASSWORD,
  path = '/dashboard',
) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await fillLogin(page, userId, password);
  await expect(page.getByTestId('navbar')).toBeVisible();
}

/** The header the console marks its calls with; the server only sets the session cookie for such a login. */
const CONSOLE_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Gives the page's browser the session the console keeps after its login form, without loading any
 * page: the login call goes through the context's own request client, so the HttpOnly `token` and
 * `signedIn` cookies the server sets land in the browser, and the user name goes where the form puts it
 * (the SiteManager cookie the navbar reads). The test then opens its own page directly, without the
 * login page and the dashboard.
 */
export async function signIn(page: Page, userId = 'admin', password = ADMIN_PASSWORD) {
  const res = await page.request.post('/api/user/login', {
    data: { userId, password },
    headers: CONSOLE_HEADERS,
  });
  const env = (await res.json()) as { code: number; reason: string };
  expect(env.code, env.reason).toBe(0);
  await page.context().addCookies([{ name: 'SiteManager', value: userId, url: BASE_URL }]);
}

/** Signs in (`signIn`) and opens `path` in the signed-in console (the dashboard unless told). */
export async function loginAs(page: Page, userId = 'admin', password = ADMIN_PASSWORD, path = '/dashboard') {
  await signIn(page, userId, password);
  await page.goto(path);
  await expect(page.getByTestId('navbar')).toBeVisible();
}

/**
 * Opens `path` inside the running console as a menu click does (react-router follows popstate), without
 * loading the console again. Returns once the page before it has left the screen: the shell keeps a
 * visited page alive, hidden (its element in the main area stays, not displayed), and builds a page not
 * kept afresh (the element is replaced). Only the page on screen is marked, and marks of an earlier move
 * are cleared, so a kept page shown again does not count as the page left.
 */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    for (const el of document.querySelectorAll('[data-testid=app-main] > *')) {
      if (el.checkVisibility()) el.setAttribute('data-left', to);
      else el.removeAttribute('data-left');
    }
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Checked at every frame the browser draws: a poll from here (100, 250, 500, 1000 ms apart) found a move
  // that took a few frames only a quarter to half a second later, on each of the walks' hundreds of pages.
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid=app-main] > [data-left]')].every(
          (el) => !el.checkVisibility(),
        ),
      undefined,
      { polling: 'raf', timeout: 30_000 },
    )
    .catch((err: Error) => {
      throw new Error(`${path}: the page before it is still on screen (${err.message})`);
    });
}

/** Rows of the grid's body (antd keeps a hidden measure row first). */
export const bodyRows = (page: Page) => page.locator('[data-testid=list-table] tbody tr.ant-table-row');

/** Top-level and sub-menu titles of the sidebar, in order. */
export async function menuTitles(page: Page): Promise<string[]> {
  return page
    .locator(
      '[data-testid=sidebar] .ant-menu-root > li > .ant-menu-submenu-title, [data-testid=sidebar] .ant-menu-root > li.ant-menu-item',
    )
    .allInnerTexts()
    .then((xs) => xs.map((x) => x.trim()));
}

export const tagTexts = (page: Page) =>
  page
    .locator('.tags-view-item')
    .allInnerTexts()
    .then((xs) => xs.map((x) => x.trim()));

/**
 * Opens a page of the layout and waits until it is shown (goto alone returns before the lazy layout).
 * A full load of the console took 5–9 s on a loaded 2-core machine, hence the wider wait.
 */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('.tags-view-item.active')).toHaveAttribute('data-path', path, {
    timeout: 30_000,
  });
}

/** Opens a list page and waits for its grid (`list-<resource>`) and the total of its first read. */
export async function openList(page: Page, path: string, resource: string) {
  await page.goto(path);
  await expect(page.getByTestId(`list-${resource}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('list-total')).toHaveText(/Total \d+/, { timeout: 30_000 });
}

/** Clicks the list's Add and returns the form dialog it opens (`title`: the dialog's title). */
export async function openAddDialog(page: Page, title: string) {
  await page.getByTestId('list-add').click();
  return page.getByRole('dialog', { name: title });
}

/** antd's enter/leave motions add these classes while a popup or dialog zooms or slides. */
const MOTION = /-(enter|appear|leave)(\s|$|-)/;

/**
 * The box of a dialog or popup as the user finally sees it: antd zooms dialogs in, so a box taken
 * during the motion is scaled down. Waits for the motion classes to go and two equal boxes in a row.
 */
export async function settledBox(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect(locator).not.toHaveClass(MOTION);
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await locator.boundingBox());
      const same = box === last;
      last = box;
      return same;
    })
    .toBe(true);
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element has no box');
  return box;
}

/**
 * Opens a click dropdown and picks an item once the menu has settled: a click during the menu's
 * zoom-in can land while the item is still moving and be lost.
 */
export async function pickFromDropdown(page: Page, triggerTestId: string, itemTestId: string) {
  await page.getByTestId(triggerTestId).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menu).toHaveCount(1);
  await expect(menu).not.toHaveClass(MOTION);
  await menu.getByTestId(itemTestId).click();
  await expect(menu).toHaveCount(0);
}

/** A language for the next page loads, as the language menu sets it (the `language` cookie). */
export async function setLanguage(context: BrowserContext, language: 'en' | 'zh' | 'es') {
  await context.addCookies([{ name: 'language', value: language, url: BASE_URL }]);
}

/** Runs `click` (what starts a download), saves the file and opens it with exceljs. */
export async function downloadWorkbook(page: Page, click: () => Promise<unknown>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(await mkdtemp(join(tmpdir(), 'prepay-export-')), file.suggestedFilename());
  await file.saveAs(path);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb;
}

/** Exports the grid through the Export dialog and returns the sheet's header and data rows. */
export async function exportSheet(page: Page, scope: Locator = page.locator('body')) {
  await scope.getByTestId('list-export').click();
  const wb = await downloadWorkbook(page, () => page.getByTestId('export-submit').click());
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('the export has no sheet');
  const header = (ws.getRow(1).values as unknown[]).slice(1);
  const rows: unknown[][] = [];
  ws.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return { header, rows };
}
