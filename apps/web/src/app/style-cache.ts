import { createCache } from '@ant-design/cssinjs';
// cssinjs's own mark for a style that a stylesheet already holds: the effect of a component using it
// injects nothing.
import { CSS_FILE_STYLE } from '@ant-design/cssinjs/es/util/cacheMapUtil';

/** The cache entries kept once made: a component's generated styles and its CSS variables. */
const KEPT = /^(style|cssVar)%/;
/** A component's generated styles (useStyleRegister): [css, style id, effect styles, client only, order]. */
const STYLE = /^style%/;
/** The attribute cssinjs marks its <style> elements with, holding the style's id. */
const STYLE_MARK = 'data-css-hash';

type Entry = [number, unknown];

/**
 * antd's style cache, except that a component's styles outlive its last instance. antd counts the
 * instances of each styled component and drops its styles when the count reaches zero; every page
 * switch unmounts the old page's grid, pager and checkboxes before the new page mounts its own, so each
 * click regenerated (and re-parsed) the same styles — a large share of a list page's first render
 *. Here the count may reach zero and the styles stay, ready for the next page.
 *
 * The cache's update takes the entry and returns the next one (null removes it); for the kept entries it
 * sees one instance more than there is, so it never drops them (and never removes their <style>).
 *
 * And a style already in the document is not looked for again. On every commit that mounts a component,
 * cssinjs "injects" each of its styles once more: it lists the <style> elements of the document's head,
 * reads each one's mark until it finds the style's, and compares the whole stylesheet text with its
 * own — for every style of every component a click mounts, against the hundreds of styles a console
 * session holds. Once a style's element is in the document (and a kept style's element is never
 * removed), the entry the components read says so with cssinjs's mark for a style that a stylesheet
 * file holds, and the injection is skipped.
 */
export function createKeepingStyleCache() {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, next) => {
    if (!KEPT.test(key)) return update(key, next);
    update(key, (entry) => {
      if (!entry) return next(entry);
      const [count, value] = entry;
      const after = next([count + 1, value]);
      return after ? [after[0] - 1, after[1]] : entry;
    });
  };
  const get = cache.opGet.bind(cache);
  /** Per style entry's value: the same value marked as in the document (one object, so reads are stable). */
  const placed = new WeakMap<object, unknown[]>();
  cache.opGet = (key) => {
    const entry = get(key) as Entry | null;
    if (!entry || !STYLE.test(key) || !Array.isArray(entry[1])) return entry;
    const value = entry[1] as unknown[];
    let marked = placed.get(value);
    if (!marked) {
      const id = value[1];
      if (typeof id !== 'string' || !document.querySelector(`style[${STYLE_MARK}="${id}"]`)) return entry;
      marked = [CSS_FILE_STYLE, ...value.slice(1)];
      placed.set(value, marked);
    }
    return [entry[0], marked];
  };
  return cache;
}
