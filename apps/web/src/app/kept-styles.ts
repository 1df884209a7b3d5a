import type { createCache } from '@ant-design/cssinjs';

/**
 * cssinjs's own way to skip generating a style that the page already holds (its server-rendered styles):
 * a <style> with this attribute whose rule, for this class, has a `content` listing "cache path:style id"
 * pairs (cssinjs's ATTR_CACHE_MAP; written out: importing it puts a chunk of cssinjs on the sign-in page).
 */
const ATTR_CACHE_MAP = 'data-ant-cssinjs-cache-path';

/** localStorage key of a build's kept styles (the build's entry URL follows). */
const KEY_PREFIX = 'prepay.styles ';
/** The attribute cssinjs marks its <style> elements with, holding the style's id. */
const STYLE_MARK = 'data-css-hash';
/** A component's generated styles in cssinjs's cache (useStyleRegister). */
const STYLE_ENTRY = 'style%';
/** Keyframes and layer orders that cssinjs writes beside a component's styles, under their own ids. */
const SHARED_STYLE = /^_(effect|layer)-/;
/** What the serialised path list can carry inside a CSS string: no quote, backslash, ':' or ';'. */
const SAFE_PATH = /^[\w|.@ -]+$/;
/** The joined list of "path:id" pairs, checked again when read back: it goes into a CSS string. */
const SAFE_PATHS = /^[\w|.@ :;-]*$/;

type StyleCache = ReturnType<typeof createCache>;

/** A page's antd styles: each <style>'s attributes and text in document order, and their cache paths. */
export interface KeptStyles {
  /** "cache path:style id" pairs joined by ';' (cssinjs's own serialisation). */
  paths: string;
  styles: [attributes: [string, string][], css: string][];
}

/**
 * The <style> elements of `cache`'s component styles in `doc`, with the paths that name them; `restored`
 * (style id → path) names the styles put back by restoreKeptStyles that this visit has not drawn.
 */
export function snapshotStyles(
  cache: StyleCache,
  restored: ReadonlyMap<string, string> = new Map(),
  doc: Document = document,
): KeptStyles {
  const pathOf = new Map(restored);
  for (const [key, entry] of cache.cache) {
    if (!key.startsWith(STYLE_ENTRY)) continue;
    const id = (entry as [number, unknown[]])[1]?.[1];
    const path = key.slice(STYLE_ENTRY.length).replaceAll('%', '|');
    if (typeof id === 'string' && SAFE_PATH.test(path)) pathOf.set(id, path);
  }
  const paths: string[] = [];
  const styles: KeptStyles['styles'] = [];
  for (const el of doc.head.querySelectorAll<HTMLStyleElement>(`style[${STYLE_MARK}]`)) {
    const id = el.getAttribute(STYLE_MARK) ?? '';
    const path = pathOf.get(id);
    if (path === undefined && !SHARED_STYLE.test(id)) continue;
    if (path !== undefined) paths.push(`${path}:${id}`);
    styles.push([[...el.attributes].map((a) => [a.name, a.value]), el.textContent ?? '']);
  }
  return { paths: paths.join(';'), styles };
}

function isKeptStyles(x: unknown): x is KeptStyles {
  const k = x as KeptStyles;
  return typeof k?.paths === 'string' && Array.isArray(k.styles);
}

/**
 * Puts the styles kept by the last visit of this build back into the page, before the first render: at
 * the head's start, where cssinjs queues its own, in the order they had. cssinjs then takes every listed
 * component's styles from them instead of generating them (on a full load its largest single cost after
 * React's own: every component's style objects built, serialised and hashed, then injected).
 */
export function restoreKeptStyles(
  build: string,
  storage: Storage = localStorage,
  doc: Document = document,
): Map<string, string> {
  const restored = new Map<string, string>();
  let kept: unknown;
  try {
    kept = JSON.parse(storage.getItem(KEY_PREFIX + build) ?? 'null');
  } catch {
    return restored; // unreadable: the styles are generated as without it
  }
  if (!isKeptStyles(kept) || !kept.styles.length || !SAFE_PATHS.test(kept.paths)) return restored;
  for (const pair of kept.paths.split(';')) {
    const [path, id] = pair.split(':');
    if (path && id) restored.set(id, path);
  }
  const all = doc.createDocumentFragment();
  for (const [attributes, css] of kept.styles) {
    const el = doc.createElement('style');
    for (const [name, value] of attributes) el.setAttribute(name, value);
    el.textContent = css;
    all.append(el);
  }
  const map = doc.createElement('style');
  map.setAttribute(ATTR_CACHE_MAP, ATTR_CACHE_MAP);
  map.textContent = `.${ATTR_CACHE_MAP}{content:"${kept.paths}";}`;
  all.append(map);
  doc.head.insertBefore(all, doc.head.firstChild);
  return restored;
}

/**
 * Keeps the page's antd styles for the next full load of the same build when the page is left or hidden
 * (one write of a few hundred KB then, none while it is used). Another build's kept styles are dropped:
 * its components' styles may differ. The styles do not depend on the theme's colour or size (antd writes
 * those into CSS variables, which it sets on every load), only on antd's version and the component.
 */
export function keepStylesAcrossLoads(
  cache: StyleCache,
  build: string,
  restored: ReadonlyMap<string, string>,
  storage: Storage = localStorage,
  win: Window = window,
) {
  const doc = win.document;
  let written = '';
  const save = () => {
    const kept = snapshotStyles(cache, restored, doc);
    // Same styles as the last write (or as restored): nothing to write.
    const mark = `${kept.styles.length} ${kept.paths.length}`;
    if (mark === written) return;
    try {
      for (let i = storage.length - 1; i >= 0; i--) {
        const key = storage.key(i);
        if (key?.startsWith(KEY_PREFIX) && key !== KEY_PREFIX + build) storage.removeItem(key);
      }
      storage.setItem(KEY_PREFIX + build, JSON.stringify(kept));
      written = mark;
    } catch {
      // A full quota or private mode: the next load generates the styles, as without this.
    }
  };
  win.addEventListener('pagehide', save);
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') save();
  });
  return save;
}
