/** Keys that occur more than once (case-insensitively, as the database's ids are compared by people). */
export function duplicateKeys(keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const key of keys) {
    const k = key.toLowerCase();
    if (seen.has(k)) dup.add(key);
    seen.add(k);
  }
  return [...dup];
}
