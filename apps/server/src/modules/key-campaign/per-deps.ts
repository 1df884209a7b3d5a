import type { Deps } from '../../deps.js';

/** One `make(deps)` per app: its state lives in the database, so each process has its own. */
export function perDeps<T extends object>(make: (deps: Deps) => T): (deps: Deps) => T {
  const made = new WeakMap<Deps, T>();
  return (deps) => {
    let it = made.get(deps);
    if (!it) {
      it = make(deps);
      made.set(deps, it);
    }
    return it;
  };
}
