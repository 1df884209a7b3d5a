import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { measureOnce, measureScrollbarOnce, SCROLLBAR_MODULE } from '../../scripts/measure-scrollbar-once';

// The module the build patches, as installed with antd (rc-table → its utilities).
const require = createRequire(import.meta.url);
const file = join(dirname(require.resolve('@rc-component/util/package.json')), 'es', 'getScrollBarSize.js');

type Measure = (target: unknown) => { width: number; height: number };

/** The installed module after the build's transform, as a fresh instance (its own remembered size). */
function patchedModule(): { getTargetScrollBarSize: Measure } {
  const body = measureOnce(readFileSync(file, 'utf8'))
    .replace(/^import .*$/m, '')
    .replace(/^export (default )?function/gm, 'function');
  // The module's style-sheet helpers play no part in what is counted here.
  const noStyleSheets = () => undefined;
  return new Function('updateCSS', 'removeCSS', `${body}\nreturn { getTargetScrollBarSize };`)(
    noStyleSheets,
    noStyleSheets,
  );
}

/** How many scroll-bar probes were added to the document while `run` ran. */
function probes(run: () => void): number {
  const append = vi.spyOn(document.body, 'appendChild');
  try {
    run();
    return append.mock.calls.filter(([el]) => String((el as Element).id).startsWith('rc-scrollbar-measure'))
      .length;
  } finally {
    append.mockRestore();
  }
}

describe('the scroll bar is measured once, as the module loads', () => {
  it('the build patches the installed module (and only it)', () => {
    expect(SCROLLBAR_MODULE.test(file)).toBe(true);
    const plugin = measureScrollbarOnce();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(transform('export const x = 1;', '/src/other.js')).toBeNull();
    expect(transform(readFileSync(file, 'utf8'), file)?.code).toContain('function measureTarget(target)');
  });

  it('one probe as the module loads, none when a grid mounts', () => {
    let measure: Measure = () => ({ width: -1, height: -1 });
    expect(probes(() => (measure = patchedModule().getTargetScrollBarSize))).toBe(1);
    let a: unknown;
    let b: unknown;
    expect(probes(() => (a = measure(document.createElement('div'))))).toBe(0);
    expect(probes(() => (b = measure(document.createElement('div'))))).toBe(0);
    expect(b).toEqual(a);
  });

  it('loaded without a document body: the first grid measures, a second table mount reuses it', () => {
    const body = document.body;
    document.documentElement.removeChild(body);
    let measure: Measure = () => ({ width: -1, height: -1 });
    try {
      measure = patchedModule().getTargetScrollBarSize;
    } finally {
      document.documentElement.appendChild(body);
    }
    const first = document.createElement('div');
    const second = document.createElement('div');
    let a: unknown;
    let b: unknown;
    expect(probes(() => (a = measure(first)))).toBe(1);
    expect(probes(() => (b = measure(second)))).toBe(0);
    expect(b).toEqual(a);
  });

  it('no element: nothing measured', () => {
    const { getTargetScrollBarSize } = patchedModule();
    expect(probes(() => expect(getTargetScrollBarSize(null)).toEqual({ width: 0, height: 0 }))).toBe(0);
  });

  it('a changed library fails the build rather than ship unpatched', () => {
    expect(() => measureOnce('export function other() {}')).toThrow(/getTargetScrollBarSize changed/);
  });
});
