import type { Queryable } from '../../db/client.js';
import { type CodeNames, staticCodeNames } from '../../lib/export-labels.js';
import { itemCodeNames } from '../item/index.js';

/**
 * Dictionaries an operator keeps in the item table (name → item type) rather than in code: the names
 * the console shows for them change with the data, so they are read per import or export.
 */
const ITEM_DICTIONARIES: Record<string, string> = { customerType: 'CustomerType' };

/** A coded column's dictionary by name, as loaded for one import or export. */
export type Dictionaries = ReadonlyMap<string, CodeNames>;

/**
 * The named dictionaries, read once before any row is parsed or written: those in code as they are,
 * those in the item table from the database. A name known to neither is left out.
 */
export async function loadDictionaries(
  q: Queryable,
  names: Iterable<string | undefined>,
): Promise<Dictionaries> {
  const out = new Map<string, CodeNames>();
  for (const name of new Set(names)) {
    if (name === undefined) continue;
    const known = staticCodeNames(name);
    const itemType = ITEM_DICTIONARIES[name];
    if (known) out.set(name, known);
    else if (itemType) out.set(name, await itemCodeNames(q, itemType));
  }
  return out;
}
