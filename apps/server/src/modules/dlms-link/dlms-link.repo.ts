import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { meterDlmsSecrets, meters } from '../../db/schema.js';

/** What the head-end needs to reach a DLMS meter: its address, association and sealed secrets. */
export async function loadDlmsMeter(q: Queryable, meterId: string) {
  const [row] = await q
    .select({
      stationId: meters.stationId,
      ipAddress: meters.ipAddress,
      ipPort: meters.ipPort,
      clientAddress: meters.dlmsClientAddress,
      serverAddress: meters.dlmsServerAddress,
      authentication: meters.dlmsAuthentication,
      passwordEnc: meterDlmsSecrets.passwordEnc,
      authenticationKeyEnc: meterDlmsSecrets.authenticationKeyEnc,
      blockCipherKeyEnc: meterDlmsSecrets.blockCipherKeyEnc,
      systemTitle: meterDlmsSecrets.systemTitle,
      invocationCounter: meterDlmsSecrets.invocationCounter,
    })
    .from(meters)
    .leftJoin(meterDlmsSecrets, eq(meterDlmsSecrets.meterId, meters.meterId))
    .where(eq(meters.meterId, meterId));
  return row;
}
export type DlmsMeterRow = NonNullable<Awaited<ReturnType<typeof loadDlmsMeter>>>;

/**
 * Records the next invocation counter after an association: it only ever grows, so a later association
 * never reuses one (security suite 0's replay protection on the meter refuses a counter it has seen).
 */
export async function saveInvocationCounter(q: Queryable, meterId: string, next: number): Promise<void> {
  await q
    .insert(meterDlmsSecrets)
    .values({ meterId, invocationCounter: next })
    .onConflictDoUpdate({
      target: meterDlmsSecrets.meterId,
      set: { invocationCounter: sql`greatest(${meterDlmsSecrets.invocationCounter}, ${next})` },
    });
}
