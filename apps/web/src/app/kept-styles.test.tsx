import { afterEach, describe, expect, it, vi } from 'vitest';

const BUILD = '/assets/index-AbC123.js';
const KEY = `prepay.styles ${BUILD}`;

/**
 * What a new document starts with: cssinjs reads the page's list of kept styles once per load (into its
 * module's state, which the test's modules share: antd's CommonJS copy and the ES one).
 */
async function newDocument() {
  vi.resetModules();
  for (const util of [
    await import('@ant-design/cssinjs/es/util/cacheMapUtil'),
    await import('@ant-design/cssinjs/lib/util/cacheMapUtil'),
  ])
    util.reset(undefined as never);
}

/**
 * One full load of the console: the kept styles put back as main.tsx does, then a Button and a
 * Checkbox drawn with the app's cache.
 */
async function load(build = BUILD) {
  await newDocument();
  const { restoreKeptStyles, keepStylesAcrossLoads } = await import('./kept-styles');
  const { createKeepingStyleCache } = await import('./style-cache');
  const { render } = await import('@testing-library/react');
  const { StyleProvider } = await import('@ant-design/cssinjs');
  const { Button, Checkbox } = await import('antd');
  const cache = createKeepingStyleCache();
  keepStylesAcrossLoads(cache, build, restoreKeptStyles(build));
  render(
    <StyleProvider cache={cache}>
      <Button>Search</Button>
      <Checkbox />
    </StyleProvider>,
  );
  return cache;
}

/** The page is left: the next load starts with an empty head, as a new document does. */
async function leave() {
  window.dispatchEvent(new Event('pagehide'));
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  for (const el of document.head.querySelectorAll('style')) el.remove();
}

/** The Button's generated CSS as cssinjs's cache holds it (its entry's first value). */
function buttonCss(cache: Awaited<ReturnType<typeof load>>) {
  const key = [...cache.cache.keys()].find((k) => k.startsWith('style%') && k.includes('Button'));
  return ((cache.cache.get(key ?? '') as [number, unknown[]] | undefined)?.[1]?.[0] ?? '') as string;
}

afterEach(async () => {
  await leave();
  localStorage.clear();
});

describe('antd styles kept across full loads', () => {
  it('takes a component’s styles from the kept ones instead of generating them again', async () => {
    await load();
    const drawn = document.head.querySelectorAll('style[data-css-hash]').length;
    await leave();
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    expect(kept.paths).toContain('Button');
    // The kept text is what the next load must use: mark it, so that a generated style would show.
    for (const [attributes, css] of kept.styles as [[string, string][], string][]) {
      if (attributes.some(([, v]) => kept.paths.includes(`:${v}`)) && css.includes('.ant-btn')) {
        kept.styles[kept.styles.findIndex((s: unknown[]) => s[1] === css)][1] = `/*kept*/${css}`;
      }
    }
    localStorage.setItem(KEY, JSON.stringify(kept));

    const cache = await load();
    expect(buttonCss(cache).startsWith('/*kept*/')).toBe(true);
    // Each style once: the kept ones, and the theme's CSS variables that antd writes on every load.
    expect(document.head.querySelectorAll('style[data-css-hash]').length).toBe(drawn);
  });

  it('generates them when the kept styles are another build’s, and drops those', async () => {
    await load();
    await leave();
    const cache = await load('/assets/index-Other99.js');
    expect(buttonCss(cache)).toContain('.ant-btn');
    expect(buttonCss(cache).startsWith('/*kept*/')).toBe(false);
    await leave();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(localStorage.getItem('prepay.styles /assets/index-Other99.js')).not.toBeNull();
  });

  it('keeps the styles put back but not drawn on this load for the next one', async () => {
    await load();
    await leave();
    const before = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    // A load that draws nothing of antd's: the kept styles stay in the page and in storage.
    await newDocument();
    const { restoreKeptStyles, keepStylesAcrossLoads } = await import('./kept-styles');
    const { createKeepingStyleCache } = await import('./style-cache');
    keepStylesAcrossLoads(createKeepingStyleCache(), BUILD, restoreKeptStyles(BUILD));
    document.head.append(document.createElement('style')); // something changes in the page
    localStorage.removeItem(KEY);
    await leave();
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual(before);
  });

  it('ignores kept styles it cannot read', async () => {
    localStorage.setItem(KEY, '{not json');
    const cache = await load();
    expect(buttonCss(cache)).toContain('.ant-btn');
  });

  it('ignores kept styles whose path list would break out of its CSS string', async () => {
    localStorage.setItem(KEY, JSON.stringify({ paths: 'a:b";}body{display:none', styles: [[[], 'x{}']] }));
    const cache = await load();
    expect(buttonCss(cache)).toContain('.ant-btn');
    // Nothing of it is put back into the page.
    expect([...document.head.querySelectorAll('style')].some((el) => el.textContent === 'x{}')).toBe(false);
  });
});
