import type {
  BaseYear,
  DecoderKeyRecord,
  DeriveRequest,
  KeyChangeFields,
  KeyedToken,
  VendingKeyInfo,
  VendingKeyRecord,
  VendingKeyRef,
} from '@prepay/sts';
import { kenForExpiry, StsError } from '@prepay/sts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { meterKeys, meters, vendingKeys } from '../../db/schema.js';
import { pendingMeterKeys } from '../../db/schema-vending.js';
import type { Deps } from '../../deps.js';
import { refuse } from '../../lib/domain-errors.js';
import { oncePer } from '../../lib/once-per.js';
import { createKeyCipher, loadKeyEncryptionKey } from './key-cipher.js';
import { cipherVault, type KeyRef, type KeySource, type KeyVault, type SealedKey } from './key-vault.js';
import { TransportKeyStore } from './transport-key.repo.js';

export type { KeySource } from './key-vault.js';

const vkContext = (ref: VendingKeyRef) => `vending:${ref.sgc}/${ref.krn}`;
const dkContext = (meterId: string) => `meter:${meterId}`;
const pendingContext = (meterId: string) => `pending:${meterId}`;

/** A decoder key's identity, without the key: what TID allocation and records need. */
export type DecoderKeyInfo = Omit<DecoderKeyRecord, 'decoderKey'>;

/** The STS fields a meter's next key is made for (Update Meter Key). */
export type NextKeyFields = {
  sgc: string;
  krn: number;
  kt: number;
  ti: number;
  ken: number;
  baseYear: number;
};

/**
 * A meter's decoder key as a row stores it: the sealed form (or HSM handle) and its identity. A caller that
 * reads it with its own query (the vend) hands it back to `encodeStoredToken`; only the vault opens it.
 */
export type StoredDecoderKey = Pick<
  typeof meterKeys.$inferSelect,
  'keyEnc' | 'sgc' | 'krn' | 'kt' | 'ti' | 'baseYear'
>;

/** A stored decoder key's identity (the meter's KEN joined in), without the key. */
function storedKeyInfo(row: { k: typeof meterKeys.$inferSelect; ken: number | null }) {
  return {
    meterId: row.k.meterId,
    sgc: row.k.sgc,
    krn: row.k.krn,
    kt: row.k.kt,
    ti: row.k.ti,
    ken: row.ken ?? 255,
    baseYear: row.k.baseYear as BaseYear,
  };
}

/**
 * The only door to keys. Vending keys per SGC/KRN and decoder keys per meter are rows in the database
 * holding what the vault (key-vault.ts) gives back — a sealed blob or an HSM handle, never the key.
 * Services ask this store to derive, seal, encode and check; none of its service-facing methods
 * returns a key in clear. Bind it to a transaction with `on(tx)` so key writes land with the meter
 * change that caused them.
 */
/** What the vault needs of a stored vending key: its sealed form, its place and its algorithm. */
function sealedVendingKey(row: typeof vendingKeys.$inferSelect) {
  return {
    sealed: row.keyEnc,
    context: vkContext(row),
    dkga: row.dkga === '04' ? ('04' as const) : ('02' as const),
    baseYear: row.baseYear as BaseYear,
  };
}

/** A vending key's identity as the store keeps it: the STS fields, its expiry and who loaded it. */
export type StoredVendingKeyInfo = VendingKeyInfo & { expiresOn?: string | null; createId?: string | null };

/** A vending key's row: its identity and what the vault gave back for it. */
const vendingKeyValues = (info: StoredVendingKeyInfo, keyEnc: SealedKey) => ({
  sgc: info.sgc,
  krn: info.krn,
  dkga: info.dkga,
  baseYear: info.baseYear,
  keyEnc,
  label: info.label ?? null,
  expiresOn: info.expiresOn ?? null,
  createId: info.createId ?? null,
});

/** The KEN a key-change token onto this key carries: its expiry day's under its base date, else 255. */
export const kenOfVendingKey = (row: { expiresOn: string | null; baseYear: number }) =>
  row.expiresOn ? kenForExpiry(row.expiresOn, row.baseYear) : 255;

/** Today (UTC) as yyyy-MM-dd, the form a key's expiry day is compared in. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The stored vending key a decoder key is derived with, or the reason there is none: missing, or past its
 * expiry day (a meter given a key under an expired key would hold a key past its life).
 */
function usableVendingKey(row: typeof vendingKeys.$inferSelect | undefined, ref: VendingKeyRef) {
  if (!row) throw new StsError('KEY_NOT_FOUND', `no vending key for SGC ${ref.sgc} KRN ${ref.krn}`, 'sgc');
  if (row.expiresOn && row.expiresOn < todayUtc()) {
    throw new StsError(
      'KEY_EXPIRED',
      `the vending key of SGC ${ref.sgc} KRN ${ref.krn} expired on ${row.expiresOn}: no meter is given a key under it; use a later key revision`,
      'krn',
    );
  }
  return row;
}

export class DbKeyStore {
  constructor(
    private readonly q: Queryable,
    private readonly vault: KeyVault,
  ) {}

  on(q: Queryable): DbKeyStore {
    return new DbKeyStore(q, this.vault);
  }

  async putVendingKey(record: VendingKeyRecord & StoredVendingKeyInfo): Promise<void> {
    await this.writeVendingKey(record, await this.vault.seal(record.key, vkContext(record)));
  }

  /**
   * A vending key made by the vault's own generator (8 bytes for DKGA02, 20 for DKGA04); never in clear
   * here. False, and nothing written, when the SGC/KRN already has a key: a generated key never replaces one.
   */
  async generateVendingKey(info: StoredVendingKeyInfo): Promise<boolean> {
    const bytes = info.dkga === '04' ? 20 : 8;
    const values = vendingKeyValues(info, await this.vault.generate(bytes, vkContext(info)));
    const added = await this.q
      .insert(vendingKeys)
      .values(values)
      .onConflictDoNothing({ target: [vendingKeys.sgc, vendingKeys.krn] })
      .returning({ sgc: vendingKeys.sgc });
    return added.length > 0;
  }

  /** The transport keys of wrapped key import, over the same queries and vault. */
  transportKeys(): TransportKeyStore {
    return new TransportKeyStore(this.q, this.vault);
  }

  /** Where a vending key is sealed: what an unwrapped key is sealed for before it is stored. */
  vendingKeyContext(ref: VendingKeyRef): string {
    return vkContext(ref);
  }

  /** Stores a vending key the vault sealed already (unwrapped from a transport key). */
  putSealedVendingKey(info: StoredVendingKeyInfo, keyEnc: SealedKey) {
    return this.writeVendingKey(info, keyEnc);
  }

  private async writeVendingKey(info: StoredVendingKeyInfo, keyEnc: SealedKey) {
    const values = vendingKeyValues(info, keyEnc);
    await this.q
      .insert(vendingKeys)
      .values(values)
      .onConflictDoUpdate({ target: [vendingKeys.sgc, vendingKeys.krn], set: values });
  }

  async hasVendingKey(ref: VendingKeyRef): Promise<boolean> {
    return (await this.vendingRow(ref)) !== undefined;
  }

  /** Every vending key's identity and check value (computed by the vault), never the key. */
  async listVendingKeys(): Promise<
    (VendingKeyInfo & {
      checkValue: string;
      expiresOn: string | null;
      ken: number;
      createId: string | null;
      createDate: Date;
    })[]
  > {
    const rows = await this.q.select().from(vendingKeys).orderBy(asc(vendingKeys.sgc), asc(vendingKeys.krn));
    return Promise.all(
      rows.map(async (r) => ({
        sgc: r.sgc,
        krn: r.krn,
        dkga: r.dkga === '04' ? '04' : '02',
        baseYear: r.baseYear as BaseYear,
        label: r.label ?? undefined,
        checkValue: await this.vault.checkValue(sealedVendingKey(r)),
        expiresOn: r.expiresOn,
        ken: kenOfVendingKey(r),
        createId: r.createId,
        createDate: r.createDate,
      })),
    );
  }

  /** Sets (or, with null, removes) a vending key's expiry day; false when there is no such key. */
  async setVendingKeyExpiry(ref: VendingKeyRef, expiresOn: string | null): Promise<boolean> {
    const set = await this.q
      .update(vendingKeys)
      .set({ expiresOn })
      .where(and(eq(vendingKeys.sgc, ref.sgc), eq(vendingKeys.krn, ref.krn)))
      .returning({ sgc: vendingKeys.sgc });
    return set.length > 0;
  }

  /** Every stored vending key's KEN by "sgc/krn" (see kenOfVendingKey): what key changes onto it carry. */
  async vendingKeyKens(): Promise<Map<string, number>> {
    const rows = await this.q
      .select({
        sgc: vendingKeys.sgc,
        krn: vendingKeys.krn,
        expiresOn: vendingKeys.expiresOn,
        baseYear: vendingKeys.baseYear,
      })
      .from(vendingKeys);
    return new Map(rows.map((r) => [`${r.sgc}/${r.krn}`, kenOfVendingKey(r)]));
  }

  async deleteVendingKey(ref: VendingKeyRef): Promise<boolean> {
    const gone = await this.q
      .delete(vendingKeys)
      .where(and(eq(vendingKeys.sgc, ref.sgc), eq(vendingKeys.krn, ref.krn)))
      .returning({ sgc: vendingKeys.sgc });
    return gone.length > 0;
  }

  /** Derives a decoder key with the stored vending key, sealed for `meterId`; says which algorithm did it. */
  async derive(request: DeriveRequest, meterId: string): Promise<{ sealed: SealedKey; source: KeySource }> {
    return this.deriveInto(request, dkContext(meterId));
  }

  /** Seals a decoder key given in clear (typed or imported) for `meterId`. */
  seal(decoderKey: string, meterId: string): Promise<SealedKey> {
    return this.vault.seal(decoderKey, dkContext(meterId));
  }

  /** Seals another secret given in clear (hex), for its own context (a DLMS meter's keys and password). */
  sealSecret(plainHex: string, context: string): Promise<SealedKey> {
    return this.vault.seal(plainHex, context);
  }

  /**
   * A sealed secret in clear, for the protocol code that must compute with it (AES-GCM of a DLMS
   * association). A vault that never lets a key out (an HSM's) refuses.
   */
  async openSecret(sealed: SealedKey, context: string): Promise<string> {
    if (!this.vault.reveal) throw refuse('the key vault does not release DLMS keys to the head-end');
    return this.vault.reveal({ sealed, context });
  }

  /** Stores a decoder key given in clear (typed, imported, or a test fixture's). */
  async putDecoderKey(record: DecoderKeyRecord & { ea?: string; source?: KeySource }): Promise<void> {
    const { decoderKey, ...info } = record;
    const ea = record.ea ?? (decoderKey.length === 32 ? '11' : '07');
    await this.putSealedDecoderKey({ ...info, ea }, await this.seal(decoderKey, record.meterId));
  }

  /** Stores a sealed decoder key (from `seal` or `derive`) with the identity it was made for. */
  async putSealedDecoderKey(
    info: DecoderKeyInfo & { ea: string; source?: KeySource },
    sealed: SealedKey,
  ): Promise<void> {
    const values = {
      meterId: info.meterId,
      keyEnc: sealed,
      ea: info.ea,
      sgc: info.sgc,
      krn: info.krn,
      kt: info.kt,
      ti: Number(info.ti),
      baseYear: info.baseYear,
      source: info.source ?? 'given',
      updateDate: new Date(),
    };
    await this.q
      .insert(meterKeys)
      .values(values)
      .onConflictDoUpdate({ target: meterKeys.meterId, set: values });
  }

  /** The identity of the meter's decoder key and the meter's current KEN; a refusal when it has none. */
  async decoderKeyInfo(meterId: string): Promise<DecoderKeyInfo> {
    const row = await this.decoderRow(meterId);
    if (!row) throw refuse(`Meter ${meterId} has no decoder key: set its STS keys first`);
    return row.info;
  }

  /**
   * Every stored decoder key in clear with its key identity — only for handing a simulated fleet its
   * meters' keys (the fleet spec file). Software vaults only; never for logs or API answers.
   */
  async allDecoderKeys(): Promise<(DecoderKeyRecord & { ea: string })[]> {
    const reveal = this.vault.reveal?.bind(this.vault);
    if (!reveal) throw new Error('this key store does not export keys');
    const rows = await this.q
      .select({ k: meterKeys, ken: meters.ken })
      .from(meterKeys)
      .innerJoin(meters, eq(meters.meterId, meterKeys.meterId));
    const out: (DecoderKeyRecord & { ea: string })[] = [];
    for (const row of rows) {
      const meterId = row.k.meterId;
      out.push({
        ...storedKeyInfo(row),
        decoderKey: await reveal({ sealed: row.k.keyEnc, context: dkContext(meterId) }),
        ea: row.k.ea,
      });
    }
    return out;
  }

  /** A token encrypted under the meter's decoder key. */
  async encodeToken(meterId: string, token: KeyedToken): Promise<string> {
    return this.vault.encode(await this.currentKey(meterId), token);
  }

  /**
   * A token under a decoder key the caller read with the meter (`StoredDecoderKey`): the vault opens it
   * under the meter's own context, so a sealed key read from another meter's row does not open.
   */
  async encodeStoredToken(meterId: string, stored: StoredDecoderKey, token: KeyedToken): Promise<string> {
    return this.vault.encode({ sealed: stored.keyEnc, context: dkContext(meterId) }, token);
  }

  /** Whether the meter's decoder key is `candidate` (a key check; the key does not come out). */
  async decoderKeyIs(meterId: string, candidate: string): Promise<boolean> {
    const row = await this.decoderRow(meterId);
    return row !== undefined && this.vault.matches(row.ref, candidate);
  }

  /** Sets (or with null clears) the hand-given key for the meter's next key change. */
  async setPendingKey(meterId: string, decoderKey: string | null): Promise<void> {
    await this.q.delete(pendingMeterKeys).where(eq(pendingMeterKeys.meterId, meterId));
    if (decoderKey === null) return;
    const keyEnc = await this.vault.seal(decoderKey, pendingContext(meterId));
    await this.q.insert(pendingMeterKeys).values({ meterId, keyEnc });
  }

  /**
   * The meter's next key: the one given by hand in Update Meter Key, else derived from the vending key
   * of the new SGC/KRN. `pan` is null for a meter number that cannot be derived for.
   */
  async nextKey(meterId: string, pan: string | null, ea: string, next: NextKeyFields): Promise<KeyRef> {
    const [pending] = await this.q
      .select()
      .from(pendingMeterKeys)
      .where(eq(pendingMeterKeys.meterId, meterId));
    if (pending) return { sealed: pending.keyEnc, context: pendingContext(meterId) };
    if (!pan) throw refuse(`No new key for meter ${meterId}: give one in Update Meter Key`);
    const request = { meterPAN: pan, sgc: next.sgc, krn: next.krn, kt: next.kt, ti: next.ti };
    const context = pendingContext(meterId);
    const { sealed } = await this.deriveInto({ ...request, ea: ea === '11' ? '11' : '07' }, context);
    return { sealed, context };
  }

  /**
   * The next keys of many meters (a campaign's batch), as `nextKey` makes each: one read of the hand-given
   * keys, one of each vending key named. A meter whose key cannot be made answers its refusal instead.
   */
  async nextKeys(
    list: { meterId: string; pan: string | null; ea: string; next: NextKeyFields }[],
  ): Promise<Map<string, KeyRef | Error>> {
    const ids = list.map((m) => m.meterId);
    const given = ids.length
      ? await this.q.select().from(pendingMeterKeys).where(inArray(pendingMeterKeys.meterId, ids))
      : [];
    const byMeter = new Map(given.map((p) => [p.meterId, p.keyEnc]));
    const vending = new Map<string, Promise<typeof vendingKeys.$inferSelect | undefined>>();
    const out = new Map<string, KeyRef | Error>();
    for (const { meterId, pan, ea, next } of list) {
      const context = pendingContext(meterId);
      const sealed = byMeter.get(meterId);
      if (sealed) {
        out.set(meterId, { sealed, context });
        continue;
      }
      const ref = { sgc: next.sgc, krn: next.krn };
      const name = vkContext(ref);
      if (!vending.has(name)) vending.set(name, this.vendingRow(ref));
      const row = await vending.get(name);
      try {
        if (!pan) throw refuse(`No new key for meter ${meterId}: give one in Update Meter Key`);
        const usable = usableVendingKey(row, ref);
        const request = {
          meterPAN: pan,
          ...ref,
          kt: next.kt,
          ti: next.ti,
          ea: ea === '11' ? '11' : '07',
        } as const;
        out.set(meterId, {
          sealed: (await this.vault.derive(sealedVendingKey(usable), request, context)).sealed,
          context,
        });
      } catch (err) {
        out.set(meterId, err instanceof Error ? err : new Error(String(err)));
      }
    }
    return out;
  }

  /** The meters' decoder keys as their rows store them (identity, the KEN joined in, sealed form), in one read. */
  async storedDecoderKeys(meterIds: string[]): Promise<Map<string, { info: DecoderKeyInfo; ref: KeyRef }>> {
    if (meterIds.length === 0) return new Map();
    const rows = await this.q
      .select({ k: meterKeys, ken: meters.ken })
      .from(meterKeys)
      .innerJoin(meters, eq(meters.meterId, meterKeys.meterId))
      .where(inArray(meterKeys.meterId, meterIds));
    return new Map(
      rows.map((row) => [
        row.k.meterId,
        { info: storedKeyInfo(row), ref: { sealed: row.k.keyEnc, context: dkContext(row.k.meterId) } },
      ]),
    );
  }

  /** Key-change tokens under a current key read with `storedDecoderKeys` (the caller's batch). */
  encodeKeyChangeUnder(current: KeyRef, next: KeyRef, fields: KeyChangeFields): Promise<string[]> {
    return this.vault.encodeKeyChange(current, next, fields);
  }

  /** `installKey` for many meters: their new keys in one write, their pending keys gone in one more. */
  async installKeys(list: { info: DecoderKeyInfo & { ea: string }; next: KeyRef }[]): Promise<void> {
    if (list.length === 0) return;
    const now = new Date();
    const values = [];
    for (const { info, next } of list) {
      const keyEnc = await this.vault.reseal(next, dkContext(info.meterId));
      const { meterId, ea, sgc, krn, kt, baseYear } = info;
      values.push({
        meterId,
        keyEnc,
        ea,
        sgc,
        krn,
        kt,
        ti: Number(info.ti),
        baseYear,
        source: 'given',
        updateDate: now,
      });
    }
    await this.q
      .insert(meterKeys)
      .values(values)
      .onConflictDoUpdate({
        target: meterKeys.meterId,
        set: {
          keyEnc: sql`excluded.key_enc`,
          ea: sql`excluded.ea`,
          sgc: sql`excluded.sgc`,
          krn: sql`excluded.krn`,
          kt: sql`excluded.kt`,
          ti: sql`excluded.ti`,
          baseYear: sql`excluded.base_year`,
          source: sql`excluded.source`,
          updateDate: sql`excluded.update_date`,
        },
      });
    const ids = list.map((m) => m.info.meterId);
    await this.q.delete(pendingMeterKeys).where(inArray(pendingMeterKeys.meterId, ids));
  }

  /** The key-change tokens carrying `next`, encrypted under the meter's current key. */
  async encodeKeyChange(meterId: string, next: KeyRef, fields: KeyChangeFields): Promise<string[]> {
    return this.vault.encodeKeyChange(await this.currentKey(meterId), next, fields);
  }

  /** The meter took its key change: `next` becomes its decoder key and the pending key goes. */
  async installKey(info: DecoderKeyInfo & { ea: string }, next: KeyRef): Promise<void> {
    await this.putSealedDecoderKey(info, await this.vault.reseal(next, dkContext(info.meterId)));
    await this.q.delete(pendingMeterKeys).where(eq(pendingMeterKeys.meterId, info.meterId));
  }

  /**
   * The decoder key in clear — software vaults only (tests, export from a closed system); an HSM-backed
   * store throws. No service calls it: they use encodeToken and encodeKeyChange.
   */
  async getDecoderKey(meterId: string): Promise<DecoderKeyRecord | undefined> {
    const row = await this.decoderRow(meterId);
    if (!row) return undefined;
    if (!this.vault.reveal) throw new Error('this key store does not export keys');
    return { ...row.info, decoderKey: await this.vault.reveal(row.ref) };
  }

  /** getDecoderKey, or a clear refusal when the meter has none. */
  async decoderKeyFor(meterId: string): Promise<DecoderKeyRecord> {
    const record = await this.getDecoderKey(meterId);
    if (!record) throw refuse(`Meter ${meterId} has no decoder key: set its STS keys first`);
    return record;
  }

  async deleteDecoderKey(meterId: string): Promise<boolean> {
    const gone = await this.q
      .delete(meterKeys)
      .where(eq(meterKeys.meterId, meterId))
      .returning({ id: meterKeys.meterId });
    return gone.length > 0;
  }

  private async currentKey(meterId: string): Promise<KeyRef> {
    const row = await this.decoderRow(meterId);
    if (!row) throw refuse(`Meter ${meterId} has no decoder key: set its STS keys first`);
    return row.ref;
  }

  private async deriveInto(request: DeriveRequest, context: string) {
    const row = usableVendingKey(await this.vendingRow(request), request);
    return this.vault.derive(sealedVendingKey(row), request, context);
  }

  private async decoderRow(meterId: string): Promise<{ info: DecoderKeyInfo; ref: KeyRef } | undefined> {
    const [row] = await this.q
      .select({ k: meterKeys, ken: meters.ken })
      .from(meterKeys)
      .innerJoin(meters, eq(meters.meterId, meterKeys.meterId))
      .where(eq(meterKeys.meterId, meterId));
    if (!row) return undefined;
    const info = storedKeyInfo(row);
    return { info, ref: { sealed: row.k.keyEnc, context: dkContext(meterId) } };
  }

  private async vendingRow(ref: VendingKeyRef) {
    const [row] = await this.q
      .select()
      .from(vendingKeys)
      .where(and(eq(vendingKeys.sgc, ref.sgc), eq(vendingKeys.krn, ref.krn)));
    return row;
  }
}

/**
 * The app's key store (one per Deps): over the vault the app was given (an HSM's), else the software
 * vault with its KEK loaded on first use.
 */
export const keyStoreOf = oncePer(
  (deps: Deps): Promise<DbKeyStore> =>
    deps.keyVault
      ? Promise.resolve(new DbKeyStore(deps.database.db, deps.keyVault))
      : loadKeyEncryptionKey({ dataDir: deps.config.dataDir }).then(
          (kek) => new DbKeyStore(deps.database.db, cipherVault(createKeyCipher(kek))),
        ),
);
