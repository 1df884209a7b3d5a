import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { meterDlmsSecrets } from '../../db/schema.js';

export type DlmsSecretRow = typeof meterDlmsSecrets.$inferInsert;

/** Whether the key store holds any DLMS secret of the meter — the only thing a read says about them. */
export const hasDlmsSecrets = sql<boolean>`exists (select 1 from meter_dlms_secrets s where s.meter_id = "meters"."meter_id" and (s.password_enc is not null or s.authentication_key_enc is not null or s.block_cipher_key_enc is not null))`;

/** Writes the sealed secrets given (a field left out keeps its stored value). */
export async function putDlmsSecrets(q: Queryable, row: DlmsSecretRow): Promise<void> {
  const { meterId: _, ...given } = row;
  await q
    .insert(meterDlmsSecrets)
    .values(row)
    .onConflictDoUpdate({ target: meterDlmsSecrets.meterId, set: given });
}
