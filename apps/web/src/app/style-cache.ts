import { createCache } from '@ant-design/cssinjs';

/** The cache entries kept once made: a component's generated styles and its CSS variables. */
const KEPT = /^(style|cssVar)%/;

/**
 * antd's style cache, except that a component's styles outlive its last instance. antd counts the
 * instances of each styled component and drops its styles when the count reaches zero; every page
 * switch unmounts the old page's grid, pager and checkboxes before the new page mounts its own, so each
 * click regenerated (and re-parsed) the same styles — a large share of a list page's first render
 *. Here the count may reach zero and the styles stay, ready for the next page.
 *
 * The cache's update takes the entry and returns the next one (null removes it); for the kept entries it
 * sees one instance more than there is, so it never drops them (and never removes their <style>).
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
  return cache;
}
