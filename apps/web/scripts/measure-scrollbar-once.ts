import type { Plugin } from 'vite';

/** The module of antd's utilities that measures a scroll bar (rc-table calls it on every mount). */
export const SCROLLBAR_MODULE = /@rc-component[\\/]util[\\/]es[\\/]getScrollBarSize\.js$/;

const HEAD = 'export function getTargetScrollBarSize(target) {';

/**
 * Every antd Table measures the scroll bar of its body when it mounts: it adds a style sheet and a
 * probe element to the document, reads the probe's width (a forced layout of the whole page, style
 * sheets recomputed) and removes both. On a list page that was about a quarter of a click's main-thread
 * work, and a page's grids never use the figure (it sizes a header over a body with its own vertical
 * scroll, `scroll.y`, which no grid here sets). Every grid of the console has the same scroll bar, so the
 * first measurement of an element answers for all the later ones.
 */
export function measureOnce(code: string): string {
  if (!code.includes(HEAD)) {
    throw new Error('getTargetScrollBarSize changed in @rc-component/util: review measure-scrollbar-once.ts');
  }
  return code.replace(
    HEAD,
    `let targetSize;
export function getTargetScrollBarSize(target) {
  if (targetSize && typeof Element !== 'undefined' && target instanceof Element) return targetSize;
  const size = measureTarget(target);
  if (typeof Element !== 'undefined' && target instanceof Element) targetSize = size;
  return size;
}
function measureTarget(target) {`,
  );
}

/** The build's plugin: the scroll bar is measured for the first grid only. */
export function measureScrollbarOnce(): Plugin {
  return {
    name: 'measure-scrollbar-once',
    transform(code, id) {
      return SCROLLBAR_MODULE.test(id) ? { code: measureOnce(code), map: null } : null;
    },
  };
}
