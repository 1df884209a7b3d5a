import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { dlt645Items } from '../../db/schema.js';
import { CatalogueSeedItem, groupedSeeds, SeedNames, seedColumns } from '../../kernel/catalogue-texts.js';
import catalogueData from './catalogue.json' with { type: 'json' };
import { COLLECTION_ITEMS } from './frozen-items.js';

/** One catalogue row before it is seeded per protocol version; names in en, ar, es, fr, pt, zh. */
export const Seed = CatalogueSeedItem.extend({
  flag: z.string(),
  control: z.string(),
  di: z.string().nullable(),
  data: z.string().optional(),
  group: SeedNames,
});
export type Seed = z.infer<typeof Seed>;

/**
 * The items the original's screens use (flags 901F, E421, B630, EFF5, C03D/C03C,
 * A120 are the Calin ones) mapped onto DL/T 645-2007 identifiers (protocols.md §1.6, §1.9), plus the
 * standard readings and settings a field engineer expects (catalogue.json, checked at load), and the
 * frozen data the meter-data collection reads (modules/collection).
 */
export const CATALOGUE: readonly Seed[] = [
  ...groupedSeeds(Seed.extend({ group: CatalogueSeedItem.shape.group }), 'dlt645-item/catalogue.json').parse(
    catalogueData,
  ),
  ...COLLECTION_ITEMS,
];

/**
 * The meters' factory write password (level 02) and an operator code: what a new installation starts
 * with; the utility changes it per version through /api/dlt645/update once it has re-keyed its meters.
 */
export const FACTORY_AUTH = { password: '123456', operator: '00000001' };

/** Protocol versions the demo and the live fleet use ("2.2" everywhere live; demo also has "1.0"). */
export const SEEDED_VERSIONS = ['2.2', '1.0'] as const;

/**
 * Adds the catalogue rows that are missing (by version, type, flag); rows an operator changed are kept.
 * Called from bootstrap on the first start (all of `seeds`), and by the collection for its own items;
 * safe from several processes at once.
 */
export async function seedDlt645Catalogue(
  q: Queryable,
  opts = FACTORY_AUTH,
  seeds: readonly Seed[] = CATALOGUE,
) {
  const rows = SEEDED_VERSIONS.flatMap((version) =>
    seeds.map((s) => ({
      version,
      type: s.type,
      flag: s.flag,
      control: s.control,
      di: s.di,
      // Writes and relay commands carry the meter's write password; reads need none.
      password: s.control === '11' ? null : opts.password,
      operator: s.control === '11' ? null : opts.operator,
      passwordLevel: 2,
      data: s.data ?? null,
      ...seedColumns(s),
    })),
  );
  await q
    .insert(dlt645Items)
    .values(rows)
    .onConflictDoNothing({ target: [dlt645Items.version, dlt645Items.type, dlt645Items.flag] });
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(dlt645Items);
  return Number(row?.n ?? 0);
}
