import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(patch: Partial<T> | ((state: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
  /** Selectors must return primitives or existing references, or React re-renders forever. */
  use<S>(selector: (state: T) => S): S;
}

/** A minimal external store: enough for the shell's few global states without a state library. */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      for (const l of listeners) l();
    },
    subscribe,
    use: (selector) =>
      useSyncExternalStore(
        subscribe,
        () => selector(state),
        () => selector(state),
      ),
  };
}
