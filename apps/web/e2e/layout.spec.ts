import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  fillLogin,
  loginAs,
  navigate,
  pickFromDropdown,
  setLanguage,
  signIn,
  tagTexts,
  visit,
} from './helpers';

const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

/** The page's chunk and data have arrived: no loading spinner left in the main area. */
async function pageLoaded(page: Page) {
  await expect(page.getByTestId('app-main').locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(page.getByTestId('app-main')).not.toBeEmpty();
}

async function rightClickTag(page: Page, text: string, item: string) {
  await page.locator('.tags-view-item', { hasText: new RegExp(`^${text}$`) }).click({ button: 'right' });
  // The menu opens at the pointer with a zoom: click once it has settled, or the click lands on the tag.
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menu).toHaveCount(1);
  await expect(menu).not.toHaveClass(/-(enter|appear)/);
  await openMenuItems(page)
    .filter({ hasText: new RegExp(`^${item}$`) })
    .click();
  await expect(openMenuItems(page)).toHaveCount(0);
}

/** Items of the context menu that is open now (closed antd popups stay in the DOM, hidden). */
const openMenuItems = (page: Page) =>
  page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');

test.describe('layout', () => {
  test('a page left for another is kept as left: its open dialog is gone with it and back with it', async ({
    page,
  }) => {
    await signIn(page);
    await visit(page, '/management/meter');
    await page.getByTestId('list-add').click();
    const dialog = page.locator('.ant-modal:visible');
    await expect(dialog).toHaveCount(1);
    await navigate(page, '/management/customer');
    await expect(page.getByTestId('list-add')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await navigate(page, '/management/meter');
    // The same dialog, not a page built again (that would open with no dialog).
    await expect(dialog).toHaveCount(1);
  });

  test('tags view: visited pages, Refresh, Close, Close Others, Close All; Dashboard is fixed', async ({
    page,
  }) => {
    await signIn(page);
    // Two pages with their own tags; this test is about the tags view, not what the pages do.
    await visit(page, '/remote-operation/remote-meter-reading');
    await visit(page, '/remote-operation-record/remote-meter-reading-task');
    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('menu-profile').click();
    await expect
      .poll(() => tagTexts(page))
      .toEqual(['Dashboard', 'Meter Reading', 'Meter Reading Task', 'Profile']);
    await expect(page.locator('.tags-view-item.affix .tags-view-close')).toHaveCount(0);

    await page.locator('.tags-view-item', { hasText: 'Dashboard' }).click({ button: 'right' });
    await expect(openMenuItems(page)).toHaveText(['Refresh', 'Close Others', 'Close All']);
    await page.keyboard.press('Escape');
    await page.getByTestId('app-main').click({ position: { x: 5, y: 5 } });
    await expect(openMenuItems(page)).toHaveCount(0);

    // Refresh reloads the page at the same address.
    await rightClickTag(page, 'Meter Reading', 'Refresh');
    await expect(page).toHaveURL(/\/remote-operation\/remote-meter-reading$/);
    // The Remote Operation pages are built now (no longer the "not available" placeholder): the
    // reloaded page shows its own grid again.
    await expect(page.getByTestId('list-remote-reading-accounts')).toBeVisible();
    await expect(page.getByTestId('add-batch-task')).toBeVisible();

    // Closing the active tag opens the right-most remaining one.
    await rightClickTag(page, 'Meter Reading', 'Close');
    await expect.poll(() => tagTexts(page)).toEqual(['Dashboard', 'Meter Reading Task', 'Profile']);
    await expect(page).toHaveURL(/\/profile\/index$/);

    await rightClickTag(page, 'Meter Reading Task', 'Close Others');
    await expect.poll(() => tagTexts(page)).toEqual(['Dashboard', 'Meter Reading Task']);
    await expect(page).toHaveURL(/\/remote-operation-record\/remote-meter-reading-task$/);

    await rightClickTag(page, 'Meter Reading Task', 'Close All');
    await expect.poll(() => tagTexts(page)).toEqual(['Dashboard']);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('header search in English', async ({ page }) => {
    await loginAs(page);
    await page.getByTestId('header-search-toggle').click();
    await page.keyboard.type('meter reading task');
    await expect(page.locator('.ant-select-item-option').first()).toContainText('Meter Reading Task');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/remote-operation-record\/remote-meter-reading-task$/);
  });

  test('header search by pinyin in Chinese', async ({ page, context }) => {
    await setLanguage(context, 'zh');
    await loginAs(page);
    await expect(page).toHaveTitle('首页 - 预付费系统');
    await page.getByTestId('header-search-toggle').click();
    await page.keyboard.type('chongzhi');
    await expect(page.locator('.ant-select-item-option').first()).toContainText('令牌生成 > 充值');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/token-generate\/credit-token$/);
  });

  test('language switch persists across reload in all three languages', async ({ page, context }) => {
    await page.goto('/login');
    for (const [lang, button] of [
      ['zh', '登录'],
      ['es', 'Iniciar sesión'],
      ['en', 'Login'],
    ] as const) {
      await page.getByTestId(`login-language-${lang}`).click();
      await expect(page.getByTestId('login-submit')).toHaveText(button.length === 2 ? /登\s*录/ : button);
      await page.reload();
      await expect(page.getByTestId('login-submit')).toHaveText(button.length === 2 ? /登\s*录/ : button);
      expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe(lang);
    }
    // And from the navbar once signed in.
    await fillLogin(page, 'admin', ADMIN_PASSWORD);
    await pickFromDropdown(page, 'language-select', 'language-es');
    await expect(page.getByTestId('sidebar')).toContainText('Panel');
    await page.reload();
    await expect(page.getByTestId('sidebar')).toContainText('Generar token');
    await expect(page).toHaveTitle('Panel - Sistema de Prepago');
  });

  test('size select changes the component size and is remembered', async ({ page }) => {
    await loginAs(page, 'admin', ADMIN_PASSWORD, '/profile/index');
    const button = page.getByTestId('profile-info-submit');
    await expect(button).toHaveClass(/ant-btn-sm/);
    await pickFromDropdown(page, 'size-select', 'size-default');
    await expect(page.locator('.ant-message-success')).toContainText('Switch Size Success');
    await expect(page.getByTestId('profile-info-submit')).toHaveClass(/ant-btn-lg/);
    await page.reload();
    await expect(page.getByTestId('profile-info-submit')).toHaveClass(/ant-btn-lg/);
    await pickFromDropdown(page, 'size-select', 'size-small');
    await expect(page.getByTestId('profile-info-submit')).toHaveClass(/ant-btn-sm/);
  });

  test('theme colour from the settings panel recolours primary buttons', async ({ page }) => {
    await loginAs(page, 'admin', ADMIN_PASSWORD, '/profile/index');
    const button = page.getByTestId('profile-info-submit');
    await expect(button).toHaveCSS('background-color', 'rgb(24, 144, 255)');
    await page.getByTestId('settings-handle').click();
    await page.getByTestId('theme-swatch-#f5222d').click();
    await expect(button).toHaveCSS('background-color', 'rgb(245, 34, 45)');
    // The tags view switch hides the strip.
    await page.getByTestId('setting-tags-view').click();
    await expect(page.getByTestId('tags-view')).toHaveCount(0);
    await page.getByTestId('setting-tags-view').click();
    await expect(page.getByTestId('tags-view')).toBeVisible();
  });

  test('fullscreen toggle', async ({ page }) => {
    await loginAs(page);
    await page.getByTestId('fullscreen-toggle').click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await expect(page.getByTestId('fullscreen-toggle')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('fullscreen-toggle').click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
  });

  test('collapsible sidebar remembered in the sidebarStatus cookie', async ({ page, context }) => {
    await loginAs(page);
    await page.getByTestId('hamburger').click();
    await expect(page.locator('.sidebar-container')).toHaveCSS('width', '54px');
    expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    await page.reload();
    await expect(page.locator('.sidebar-container')).toHaveCSS('width', '54px');
    await page.getByTestId('hamburger').click();
    await expect(page.locator('.sidebar-container')).toHaveCSS('width', '250px');
  });

  for (const lang of ['en', 'zh'] as const) {
    test(`desktop screenshot (${lang})`, async ({ page, context }) => {
      await setLanguage(context, lang);
      await loginAs(page, 'admin', ADMIN_PASSWORD, '/token-generate/credit-token');
      await page.goto('/dashboard');
      await expect(page.getByTestId('sidebar')).toBeVisible();
      await pageLoaded(page);
      await page.screenshot({ path: `${ARTIFACTS}desktop-${lang}.png`, fullPage: false });
    });

    test(`mobile layout at 375 px (${lang})`, async ({ page, context }) => {
      await setLanguage(context, lang);
      await page.setViewportSize({ width: 375, height: 740 });
      await loginAs(page);
      // L5: only the hamburger, breadcrumb and user menu; the sidebar is a closed drawer.
      await expect(page.locator('.sidebar-container')).toHaveCount(0);
      await expect(page.getByTestId('header-search-toggle')).toHaveCount(0);
      await expect(page.getByTestId('user-dropdown')).toBeVisible();
      await pageLoaded(page);
      // The dashboard's page tags are the widest content: measure once they are there.
      await expect(page.getByTestId('app-main').locator('.ant-tag').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${ARTIFACTS}mobile-${lang}.png` });

      await page.getByTestId('hamburger').click();
      const drawer = page.locator('.sidebar-drawer');
      await expect(drawer.getByTestId('sidebar')).toBeVisible();
      await page.screenshot({ path: `${ARTIFACTS}mobile-${lang}-menu.png` });
      const group = lang === 'en' ? 'Setting' : '设置';
      const item = lang === 'en' ? 'Role' : '角色';
      await drawer.getByText(group, { exact: true }).click();
      await drawer.getByText(item, { exact: true }).click();
      await expect(page).toHaveURL(/\/setting\/role$/);
      // The sidebar closes on navigation.
      await expect(drawer.getByTestId('sidebar')).toBeHidden();
    });
  }
});
