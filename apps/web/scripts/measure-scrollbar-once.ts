import type { Plugin } from 'vite';

/** The module of antd's utilities that measures a scroll bar (rc-table calls it on every mount). */
export const SCROLLBAR_MODULE = /@rc-component[\\/]util[\\/]es[\\/]getScrollBarSize\.js$/;

const HEAD = 'export function getTargetScrollBarSize(target) {';

/**
 * Every antd Table measures the scroll bar of its body when it mounts: it adds a style sheet and a
 * probe element to the document, reads the probe's width (a forced layout of the whole page, style
 * sheets recomputed) and removes both (the sheet's removal has the whole page's style computed again at
 * the next frame). The figure sizes a sticky or fixed header's scroll-bar column. On a list page the
 * measurement was about a quarter of a click's main-thread work; on a full load by URL, where the first
 * grid mounts with the whole shell, about 115 ms of a loaded machine's 2 s.
 *
 * The console styles no scroll bar of its grids (neither `scrollbar-width` nor `::-webkit-scrollbar`),
 * so each grid's is the document's own. It is measured once, as this module loads (with antd's core,
 * before anything is drawn), on a probe in the nearly empty document, where the forced layout costs
 * nothing; every grid then reuses it. Where the module loads without a document (no browser), the first
 * grid's measurement is kept instead.
 */
export function measureOnce(code: string): string {
  if (!code.includes(HEAD)) {
    throw new Error('getTargetScrollBarSize changed in @rc-component/util: review measure-scrollbar-once.ts');
  }
  return code.replace(
    HEAD,
    `let targetSize = typeof document !== 'undefined' && document.body ? measureScrollbarSize() : undefined;
export function getTargetScrollBarSize(target) {
  if (targetSize && typeof Element !== 'undefined' && target instanceof Element) return targetSize;
  const size = measureTarget(target);
  if (typeof Element !== 'undefined' && target instanceof Element) targetSize = size;
  return size;
}
function measureTarget(target) {`,
  );
}

/** The build's plugin: the scroll bar is measured once, as the module loads. */
export function measureScrollbarOnce(): Plugin {
  return {
    name: 'measure-scrollbar-once',
    transform(code, id) {
      return SCROLLBAR_MODULE.test(id) ? { code: measureOnce(code), map: null } : null;
    },
  };
}
