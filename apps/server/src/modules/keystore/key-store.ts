import {
  type BaseYear,
  type DecoderKeyRecord,
  type DeriveRequest,
  dkga02,
  dkga04,
  type KeyStore,
  StsError,
  type VendingKeyInfo,
  type VendingKeyRecord,
  type VendingKeyRef,
} from '@prepay/sts';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { meterKeys, meters, vendingKeys } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { refuse } from '../../http/errors.js';
import { createKeyCipher, type KeyCipher, loadKeyEncryptionKey } from './key-cipher.js';

const vkContext = (ref: VendingKeyRef) => `vending:${ref.sgc}/${ref.krn}`;
const dkContext = (meterId: string) => `meter:${meterId}`;

/** Where a decoder key came from: typed/imported, or derived from the vending key. */
export type KeySource = 'given' | 'DKGA02' | 'DKGA04';

/**
 * The server's software key store (packages/sts KeyStore): vending keys per SGC/KRN and decoder keys
 * per meter live in the database, sealed with AES-256-GCM; decoder keys are derived inside the store,
 * so an HSM-backed store can replace this one without vending keys ever leaving it. Bind it to a
 * transaction with `on(tx)` so key writes land with the meter change that caused them.
 */
export class DbKeyStore implements KeyStore {
  constructor(
    private readonly q: Queryable,
    private readonly cipher: KeyCipher,
  ) {}

  on(q: Queryable): DbKeyStore {
    return new DbKeyStore(q, this.cipher);
  }

  async putVendingKey(record: VendingKeyRecord & { createId?: string | null }): Promise<void> {
    const values = {
      sgc: record.sgc,
      krn: record.krn,
      dkga: record.dkga,
      baseYear: record.baseYear,
      keyEnc: this.cipher.seal(record.key.toUpperCase(), vkContext(record)),
      label: record.label ?? null,
      createId: record.createId ?? null,
    };
    await this.q
      .insert(vendingKeys)
      .values(values)
      .onConflictDoUpdate({ target: [vendingKeys.sgc, vendingKeys.krn], set: values });
  }

  async hasVendingKey(ref: VendingKeyRef): Promise<boolean> {
    return (await this.vendingRow(ref)) !== undefined;
  }

  async listVendingKeys(): Promise<(VendingKeyInfo & { createId: string | null; createDate: Date })[]> {
    const rows = await this.q.select().from(vendingKeys).orderBy(asc(vendingKeys.sgc), asc(vendingKeys.krn));
    return rows.map((r) => ({
      sgc: r.sgc,
      krn: r.krn,
      dkga: r.dkga as '02' | '04',
      baseYear: r.baseYear as BaseYear,
      label: r.label ?? undefined,
      createId: r.createId,
      createDate: r.createDate,
    }));
  }

  async deleteVendingKey(ref: VendingKeyRef): Promise<boolean> {
    const gone = await this.q
      .delete(vendingKeys)
      .where(and(eq(vendingKeys.sgc, ref.sgc), eq(vendingKeys.krn, ref.krn)))
      .returning({ sgc: vendingKeys.sgc });
    return gone.length > 0;
  }

  async deriveDecoderKey(request: DeriveRequest): Promise<string> {
    return (await this.derive(request)).key;
  }

  /** Derives with the stored vending key; says which algorithm did it. */
  async derive(request: DeriveRequest): Promise<{ key: string; source: KeySource }> {
    const row = await this.vendingRow(request);
    if (!row) {
      throw new StsError('KEY_NOT_FOUND', `no vending key for SGC ${request.sgc} KRN ${request.krn}`, 'sgc');
    }
    const vk = this.cipher.open(row.keyEnc, vkContext(row));
    const ea = request.ea ?? '07';
    const common = { meterPAN: request.meterPAN, sgc: row.sgc, krn: row.krn, kt: request.kt, ti: request.ti };
    if (row.dkga === '02') {
      if (ea !== '07') {
        throw new StsError(
          'INVALID_FIELD',
          'DKGA02 derives EA07 keys only; EA11 needs a DKGA04 vending key',
          'ea',
        );
      }
      return { key: dkga02({ ...common, vendingKey: vk }), source: 'DKGA02' };
    }
    const baseDate = row.baseYear as BaseYear;
    return { key: dkga04({ ...common, vendingKey160: vk, baseDate, ea }), source: 'DKGA04' };
  }

  async putDecoderKey(record: DecoderKeyRecord & { ea?: string; source?: KeySource }): Promise<void> {
    const values = {
      meterId: record.meterId,
      keyEnc: this.cipher.seal(record.decoderKey.toUpperCase(), dkContext(record.meterId)),
      ea: record.ea ?? (record.decoderKey.length === 32 ? '11' : '07'),
      sgc: record.sgc,
      krn: record.krn,
      kt: record.kt,
      ti: Number(record.ti),
      baseYear: record.baseYear,
      source: record.source ?? 'given',
      updateDate: new Date(),
    };
    await this.q
      .insert(meterKeys)
      .values(values)
      .onConflictDoUpdate({ target: meterKeys.meterId, set: values });
  }

  /** The meter's decoder key with the key identity it was stored for and the meter's current KEN. */
  async getDecoderKey(meterId: string): Promise<DecoderKeyRecord | undefined> {
    const [row] = await this.q
      .select({ k: meterKeys, ken: meters.ken })
      .from(meterKeys)
      .innerJoin(meters, eq(meters.meterId, meterKeys.meterId))
      .where(eq(meterKeys.meterId, meterId));
    if (!row) return undefined;
    return {
      meterId,
      decoderKey: this.cipher.open(row.k.keyEnc, dkContext(meterId)),
      sgc: row.k.sgc,
      krn: row.k.krn,
      kt: row.k.kt,
      ti: row.k.ti,
      ken: row.ken ?? 255,
      baseYear: row.k.baseYear as BaseYear,
    };
  }

  /**
   * Every stored decoder key with its key identity, in one query — for handing a simulated fleet its
   * meters' keys (the fleet spec file). Never for logs or API answers.
   */
  async allDecoderKeys(): Promise<(DecoderKeyRecord & { ea: string })[]> {
    const rows = await this.q
      .select({ k: meterKeys, ken: meters.ken })
      .from(meterKeys)
      .innerJoin(meters, eq(meters.meterId, meterKeys.meterId));
    return rows.map((row) => ({
      meterId: row.k.meterId,
      decoderKey: this.cipher.open(row.k.keyEnc, dkContext(row.k.meterId)),
      ea: row.k.ea,
      sgc: row.k.sgc,
      krn: row.k.krn,
      kt: row.k.kt,
      ti: row.k.ti,
      ken: row.ken ?? 255,
      baseYear: row.k.baseYear as BaseYear,
    }));
  }

  /** For vending: the meter's decoder key, or a clear refusal when it has none. */
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

  private async vendingRow(ref: VendingKeyRef) {
    const [row] = await this.q
      .select()
      .from(vendingKeys)
      .where(and(eq(vendingKeys.sgc, ref.sgc), eq(vendingKeys.krn, ref.krn)));
    return row;
  }
}

const stores = new WeakMap<Deps, Promise<DbKeyStore>>();

/** The app's key store (one per Deps), its KEK loaded on first use. */
export function keyStoreOf(deps: Deps): Promise<DbKeyStore> {
  let store = stores.get(deps);
  if (!store) {
    store = loadKeyEncryptionKey({ dataDir: deps.config.dataDir }).then(
      (kek) => new DbKeyStore(deps.database.db, createKeyCipher(kek)),
    );
    stores.set(deps, store);
  }
  return store;
}
