import { expect, test } from '@playwright/test';
import {
  api,
  apiLogin,
  loginThroughForm,
  menuTitles,
  settledBox,
  USER_AUTH_PASSWORD,
  USER_PASSWORD,
} from './helpers';

/** Spec §4: switching role sets a token for that role, reloads info and routes, and clears the tabs. */
test('a user holding two roles switches between them from the user menu', async ({ page, request }) => {
  const admin = await apiLogin(request);
  await api(
    request,
    '/api/role/create',
    [{ roleId: 'rs_cashier', name: 'rs_cashier', content: 'Token.CreditToken' }],
    admin,
  );
  await api(
    request,
    '/api/role/create',
    [{ roleId: 'rs_clerk', name: 'rs_clerk', content: 'Setting.Log' }],
    admin,
  );
  await api(
    request,
    '/api/user/create',
    [
      {
        userId: 'rs_multi',
        roleId: 'rs_cashier',
        roleIds: ['rs_clerk'],
        stationId: '0001',
        password: USER_PASSWORD,
        authorizationPassword: USER_AUTH_PASSWORD,
      },
    ],
    admin,
  );

  await loginThroughForm(page, 'rs_multi', USER_PASSWORD);
  expect(await menuTitles(page)).toContain('Token Generate');
  expect(await menuTitles(page)).not.toContain('Setting');
  await page.goto('/token-generate/credit-token');
  await expect(page.getByTestId('tags-view')).toContainText('Credit Token');

  await page.getByTestId('user-dropdown').click();
  // The user menu slides in: hover its item once it stands still, or the pointer lands where the
  // item was during the motion and the sub-menu never opens.
  await settledBox(
    page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').filter({ hasText: 'Switch Role' }),
  );
  await page.getByText('Switch Role').hover();
  // The role list is a sub-menu that zooms in beside the item: click once it has settled where the
  // user sees it, or the click lands where the item was during the motion and is lost.
  const clerk = page.getByRole('menuitem', { name: 'rs_clerk' });
  await settledBox(page.locator('.ant-dropdown-menu-submenu-popup').filter({ has: clerk }));
  await clerk.click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect.poll(() => menuTitles(page)).toContain('Setting');
  expect(await menuTitles(page)).not.toContain('Token Generate');
  // The old role's tabs are gone; the pinned dashboard stays.
  await expect(page.getByTestId('tags-view')).not.toContainText('Credit Token');
  await expect(page.getByTestId('tags-view')).toContainText('Dashboard');
  // The page of the old role is now refused.
  await page.goto('/token-generate/credit-token');
  await expect(page).toHaveURL(/\/(401|404)/);
});
