/**
 * One `make(key)` per key object (an app's Deps, a database or a transaction), made on first use and
 * dropped with the key.
 */
export function oncePer<K extends object, T>(make: (key: K) => T): (key: K) => T {
  const made = new WeakMap<K, T>();
  return (key) => {
    let it = made.get(key);
    if (it === undefined) {
      it = make(key);
      made.set(key, it);
    }
    return it;
  };
}
