import { expect, type Page } from '@playwright/test';
import { navigate, signIn } from './helpers';

/** Waits until the list page on screen has read its first page (its grid shows the total). */
async function listShown(page: Page, path: string) {
  await expect(page.getByTestId('list-table'), path).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('list-total').first(), path).toHaveText(/\d/, { timeout: 30_000 });
}

/** Opens a list page and waits until its grid has read its first page (the total is shown). */
export async function openList(page: Page, path: string) {
  await page.goto(path);
  await listShown(page, path);
}

/** The element drawn at a point belongs to `selector` (nothing of the page draws over it there). */
export const ownsPoint = (page: Page, selector: string, x: number, y: number) =>
  page.evaluate(([sel, px, py]) => Boolean(document.elementFromPoint(px, py)?.closest(sel)), [
    selector,
    x,
    y,
  ] as const);

/**
 * Signs in as the administrator, then opens each list page in turn and checks it: a list is its path, or
 * a row whose first member is its path. The first page loads the console; the others are opened inside it,
 * as the menu opens them (built afresh on its first visit; the shell keeps a visited page alive).
 * The pointer rests mid-window, over the page (where the login form's button used to leave it): a wheel
 * turned there scrolls the page, not the sidebar.
 */
export async function onEveryList<T extends string | readonly [string, ...unknown[]]>(
  page: Page,
  lists: readonly T[],
  check: (list: T) => Promise<void>,
) {
  await signIn(page);
  const view = page.viewportSize() ?? { width: 0, height: 0 };
  await page.mouse.move(view.width / 2, view.height / 2);
  for (const [i, list] of lists.entries()) {
    const path = typeof list === 'string' ? list : list[0];
    if (i === 0) await page.goto(path);
    else await navigate(page, path);
    await listShown(page, path);
    await check(list);
  }
}
