/**
 * Paths of the pages the shell keeps alive (layout/page-cache.tsx), readable by the router's loader
 * without loading the shell: a kept page is shown at once, so its navigation waits for nothing.
 */
const kept = new Set<string>();

export const keptPages = {
  has: (path: string) => kept.has(path),
  /** The page cache states the paths it keeps after each navigation. */
  replace(paths: Iterable<string>) {
    kept.clear();
    for (const p of paths) kept.add(p);
  },
};
