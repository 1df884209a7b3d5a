import type { Queryable } from '../db/client.js';
import type { Deps } from '../deps.js';

/**
 * Binds module-level service steps to the app's dependencies: a service file declares each step as
 * `function step(deps: Deps, ...args)` and its factory returns `withDeps(deps, { step, ... })`, so
 * no step hides inside a factory closure and each reads as one named function.
 */
export function withDeps<S extends Record<string, (deps: Deps, ...args: never[]) => unknown>>(
  deps: Deps,
  steps: S,
): { [K in keyof S]: S[K] extends (deps: Deps, ...args: infer A) => infer R ? (...args: A) => R : never } {
  const bound: Record<string, unknown> = {};
  for (const [name, step] of Object.entries(steps)) {
    bound[name] = (...args: never[]) => step(deps, ...args);
  }
  return bound as {
    [K in keyof S]: S[K] extends (deps: Deps, ...args: infer A) => infer R ? (...args: A) => R : never;
  };
}

/** A repo query as a service step: it runs on the app's database, outside any transaction. */
export const onDatabase =
  <A extends unknown[], R>(query: (q: Queryable, ...args: A) => R) =>
  (deps: Deps, ...args: A): R =>
    query(deps.database.db, ...args);
