import { onSessionReset } from '../../lib/session';
import { createStore } from '../../lib/store';

export interface VisitedTag {
  path: string;
  /** Path with query: a tag reopens the latest query of its page (V2). */
  fullPath: string;
  title: string | undefined;
  affix: boolean;
}

export const tagsStore = createStore<{ visited: VisitedTag[] }>({ visited: [] });

/** V2: one tag per path; revisiting updates the stored query. */
export function addTag(tag: VisitedTag) {
  tagsStore.set(({ visited }) => {
    const i = visited.findIndex((v) => v.path === tag.path);
    if (i === -1) return { visited: [...visited, tag] };
    if (visited[i]?.fullPath === tag.fullPath) return { visited };
    const next = visited.slice();
    next[i] = { ...(visited[i] as VisitedTag), fullPath: tag.fullPath };
    return { visited: next };
  });
}

export function closeTag(path: string) {
  tagsStore.set(({ visited }) => ({ visited: visited.filter((v) => (v.path === path ? v.affix : true)) }));
}

/** V8: keep the affix tags and the chosen one. */
export function closeOtherTags(path: string) {
  tagsStore.set(({ visited }) => ({ visited: visited.filter((v) => v.affix || v.path === path) }));
}

/** V10: keep only the affix tags. */
export function closeAllTags() {
  tagsStore.set(({ visited }) => ({ visited: visited.filter((v) => v.affix) }));
}

export function lastTag(): VisitedTag | undefined {
  const { visited } = tagsStore.get();
  return visited[visited.length - 1];
}

// V12: logout and role switch leave only the affix tags.
onSessionReset(closeAllTags);
