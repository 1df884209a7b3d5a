import { expect, type Page } from '@playwright/test';

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
