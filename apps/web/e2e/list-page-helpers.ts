import { expect, type Page } from '@playwright/test';
import { loginAs } from './helpers';

/** Opens a list page and waits until its grid has read its first page (the total is shown). */
export async function openList(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('list-table'), path).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('list-total').first(), path).toHaveText(/\d/, { timeout: 30_000 });
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
 * a row whose first member is its path.
 */
export async function onEveryList<T extends string | readonly [string, ...unknown[]]>(
  page: Page,
  lists: readonly T[],
  check: (list: T) => Promise<void>,
) {
  await loginAs(page);
  for (const list of lists) {
    await openList(page, typeof list === 'string' ? list : list[0]);
    await check(list);
  }
}
