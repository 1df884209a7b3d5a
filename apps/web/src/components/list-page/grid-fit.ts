import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

/**
 * Page padding and card padding and border around the grid (layout.css, antd Card), desktop and phone:
 * the card's body pads 12 px a side (measured at 1366 px), so a grid 24 px short of the page was reckoned
 * not to fit until the ResizeObserver said otherwise.
 */
const DESKTOP_INSET = 2 * 16 + 2 * 12 + 2;
const PHONE_INSET = 2 * 8 + 2 * 8 + 2;
const PHONE_WIDTH = 576;

/** The page area last measured and its width. */
let measuredMain: { main: Element; width: number } | undefined;

/**
 * The page area's width, read from the document once per shell: a grid mounting in a click would
 * otherwise read `clientWidth` as it renders, a forced layout whenever the hover or the page left
 * behind has changed a style. A ResizeObserver keeps the figure as the window or the sidebar changes it
 * (it reads after the browser's own layout, so its read forces nothing).
 */
export function pageAreaWidth(): number {
  const main = document.querySelector<HTMLElement>('[data-testid=app-main]');
  if (!main) return window.innerWidth;
  if (measuredMain?.main !== main) {
    measuredMain = { main, width: main.clientWidth };
    const mine = measuredMain;
    if (typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(() => {
        if (measuredMain !== mine || !main.isConnected) return observer.disconnect();
        mine.width = main.clientWidth;
      });
      observer.observe(main);
    }
  }
  return measuredMain.width;
}

/** The grid's width before it is on screen, from the page area the shell has already laid out. */
function guessWidth(): number {
  return pageAreaWidth() - (window.innerWidth < PHONE_WIDTH ? PHONE_INSET : DESKTOP_INSET);
}

/** The app header's height when it stays on screen (the grid's column headers stick under it). */
export function useStickyTop(): number {
  const [top, setTop] = useState(headerHeight);
  // On a full load the shell mounts with the page: its header is in the document only after the commit.
  useLayoutEffect(() => setTop(headerHeight()), []);
  useEffect(() => {
    headerListeners.add(setTop);
    return () => void headerListeners.delete(setTop);
  }, []);
  return top;
}

/** The header last measured, its height, and the grids to tell when it changes. */
let measured: { header: Element; height: number } | undefined;
const headerListeners = new Set<(height: number) => void>();

/**
 * The fixed app header's height, read from the document once per header: a grid mounting in a click
 * would otherwise read `offsetHeight` in its commit, a forced layout of the whole page on every click. A
 * ResizeObserver (which measures without forcing a layout) keeps the figure as the tags bar or the
 * window changes it.
 */
export function headerHeight(): number {
  const header = document.querySelector<HTMLElement>('.app-header.fixed');
  if (!header) return 0;
  if (measured?.header !== header) {
    measured = { header, height: header.offsetHeight };
    const mine = measured;
    if (typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(([entry]) => {
        if (measured !== mine || !header.isConnected) return observer.disconnect();
        const height = entry?.borderBoxSize?.[0]?.blockSize ?? header.offsetHeight;
        if (height === mine.height) return;
        mine.height = height;
        for (const tell of headerListeners) tell(height);
      });
      observer.observe(header);
    }
  }
  return measured.height;
}

/**
 * Whether columns wanting `wanted` px fit the grid's box: guessed before the first paint (so the first
 * draw is already the right one), then kept by a ResizeObserver as the window or the sidebar changes.
 */
export function useGridFits(box: RefObject<HTMLElement | null>, wanted: number): boolean {
  const [width, setWidth] = useState(guessWidth);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
  return wanted <= width;
}
