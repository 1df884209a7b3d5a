import { describe, expect, it } from 'vitest';
import { loadedWith, preloadUnloadedOnly } from '../../scripts/preload-unloaded-only';

/** A bundle as generateBundle sees it: entry → react, i18n; react → runtime; a page chunk → react, table. */
const bundle: Record<string, { type: string; fileName: string; imports?: string[] }> = {
  'assets/index.js': {
    type: 'chunk',
    fileName: 'assets/index.js',
    imports: ['assets/react.js', 'assets/i18n.js'],
  },
  'assets/react.js': { type: 'chunk', fileName: 'assets/react.js', imports: ['assets/runtime.js'] },
  'assets/runtime.js': { type: 'chunk', fileName: 'assets/runtime.js', imports: [] },
  'assets/i18n.js': { type: 'chunk', fileName: 'assets/i18n.js', imports: [] },
  'assets/page.js': {
    type: 'chunk',
    fileName: 'assets/page.js',
    imports: ['assets/react.js', 'assets/table.js'],
  },
  'assets/table.js': { type: 'chunk', fileName: 'assets/table.js', imports: ['assets/runtime.js'] },
  'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
};

describe('preload only what the importing chunk has not loaded', () => {
  it('follows static imports transitively', () => {
    const imports = new Map(
      Object.values(bundle).flatMap((o) =>
        o.type === 'chunk' ? [[o.fileName, o.imports ?? []] as const] : [],
      ),
    );
    expect([...loadedWith('assets/index.js', imports)].sort()).toEqual([
      'assets/i18n.js',
      'assets/index.js',
      'assets/react.js',
      'assets/runtime.js',
    ]);
  });

  it("drops from a lazy page's list the chunks its importer already loaded, keeps the others", () => {
    const { plugin, resolveDependencies } = preloadUnloadedOnly();
    const hook = plugin.generateBundle as { handler: (o: unknown, b: unknown) => void };
    hook.handler({}, bundle);
    const deps = ['assets/page.js', 'assets/react.js', 'assets/runtime.js', 'assets/table.js'];
    expect(resolveDependencies('assets/page.js', deps, { hostId: 'assets/index.js' })).toEqual([
      'assets/page.js',
      'assets/table.js',
    ]);
    // From a chunk that loaded nothing else, everything is still preloaded.
    expect(resolveDependencies('assets/page.js', deps, { hostId: 'assets/i18n.js' })).toEqual(deps);
  });
});
