import type { Plugin } from 'vite';

/** What the bundle says of a chunk: its static imports (file names). */
export type ChunkImports = ReadonlyMap<string, readonly string[]>;

/** A chunk and every chunk it imports statically, transitively: all loaded before the chunk runs. */
export function loadedWith(host: string, imports: ChunkImports): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of imports.get(file) ?? []) visit(dep);
  };
  visit(host);
  return seen;
}

/**
 * The dependencies a dynamic import has to preload: those its importing chunk has not loaded already.
 * Vite lists every chunk a lazy page needs beside each `import()`, the shell's own chunks (React, antd's
 * core, i18next) included; the entry holds one such list per page, so those names made up several KB of
 * the sign-in page's JavaScript. The preload helper skips a chunk already loaded anyway, so leaving them
 * out changes no request.
 */
export function preloadUnloadedOnly(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], ctx: { hostId: string }) => string[];
} {
  let imports: ChunkImports = new Map();
  const plugin: Plugin = {
    name: 'prepay:preload-unloaded-only',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        imports = new Map(
          Object.values(bundle).flatMap((out) => (out.type === 'chunk' ? [[out.fileName, out.imports]] : [])),
        );
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = loadedWith(hostId, imports);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
