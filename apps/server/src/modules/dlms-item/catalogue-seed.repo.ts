import { DLMS_VERSION } from '@prepay/contracts';
import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { dlmsItems } from '../../db/schema.js';
import { CatalogueSeedItem, groupedSeeds, seedColumns } from '../../kernel/catalogue-texts.js';
import catalogueData from './catalogue.json' with { type: 'json' };

const Seed = CatalogueSeedItem.extend({
  classId: z.number().int(),
  obis: z.string(),
  attributeMethod: z.string(),
  entry: z.string().optional(),
});

/**
 * What a DLMS prepayment meter is asked for: energy registers (scaler applied), instantaneous values,
 * clock, disconnect control, the prepayment account, credit and charge, the token gateway, the load
 * profile and event log (catalogue.json, checked at load). OBIS codes follow the DLMS UA Blue Book.
 */
export const DLMS_CATALOGUE = groupedSeeds(Seed, 'dlms-item/catalogue.json').parse(catalogueData);

/**
 * Seeds the catalogue's version when the table holds no row yet (the first start after the table
 * came): afterwards it is the operators' data, and a row they deleted stays deleted. Safe from several
 * processes at once.
 */
export async function seedDlmsCatalogue(q: Queryable): Promise<void> {
  const [any] = await q.select({ id: dlmsItems.dlmsId }).from(dlmsItems).limit(1);
  if (any) return;
  const rows = DLMS_CATALOGUE.map((s) => ({
    version: DLMS_VERSION,
    type: s.type,
    classId: s.classId,
    obis: s.obis,
    attributeMethod: s.attributeMethod,
    entry: s.entry ?? null,
    ...seedColumns(s),
  }));
  await q
    .insert(dlmsItems)
    .values(rows)
    .onConflictDoNothing({ target: [dlmsItems.version, dlmsItems.type, dlmsItems.obis] });
}
