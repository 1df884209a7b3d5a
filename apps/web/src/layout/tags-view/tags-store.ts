import { onSessionReset } from '../../lib/session';
import { createStore } from '../../lib/store';

export interface VisitedTag {
  path: string;
  /** Path with query: a tag reopens the latest query of its page (V2). */
  fullPath: string;
  title: string | undefined;
  affix: boolean;
}

const STORAGE_KEY = 'prepay.tags';

/** Tags survive a reload (F5) within the browser tab; logout clears them. */
function restore(): VisitedTag[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as VisitedTag[]) : [];
  } catch {
    return [];
  }
}

export const tagsStore = createStore<{ visited: VisitedTag[] }>({ visited: restore() });
tagsStore.subscribe(() => {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tagsStore.get().visited));
  } catch {
    // Storage full or disabled: the tags still work for this page load.
  }
});

/** V2: one tag per path; revisiting updates the stored query. */
export function addTag(tag: VisitedTag) {
  // A tag already there with this query changes nothing: no store update, no storage write.
  const known = tagsStore.get().visited.find((v) => v.path === tag.path);
  if (known && known.fullPath === tag.fullPath) return;
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
