import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { createKeyCipher, loadKeyEncryptionKey } from '../src/modules/keystore/key-cipher.js';
import { DbKeyStore } from '../src/modules/keystore/key-store.repo.js';
import { cipherVault } from '../src/modules/keystore/key-vault.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { METER_STS, testConfig } from './test-config.js';

/**
 * `count` meters numbered from `firstMeter` + 1 (the STS fields of METER_STS's meters: SGC 123456, KRN 1,
 * KEN 255, TI 1, KT 2, base date 2014, EA 07), a customer `<customerPrefix><n>` for each and its account
 * on tariff `tariffId` (which must exist), all in the system station: three statements for any count.
 */
export async function insertAccountedMeters(
  db: Database['db'],
  opts: { count: number; firstMeter: number; customerPrefix: string; tariffId: string },
) {
  const { count, firstMeter, customerPrefix, tariffId } = opts;
  await db.execute(sql`insert into customers (customer_id, customer_name, station_id)
    select ${customerPrefix}::text || g, 'Customer ' || g, '0001' from generate_series(1, ${count}::int) g`);
  await db.execute(sql`insert into meters (meter_id, type, ea, protocol_version, status, base_year, sgc, krn, ken, ti, kt, station_id)
    select (${firstMeter}::bigint + g)::text, 0, '07', 'STS-1', true, 2014, '123456', 1, 255, 1, 2, '0001' from generate_series(1, ${count}::int) g`);
  await db.execute(sql`insert into accounts (meter_id, customer_id, tariff_id, station_id)
    select (${firstMeter}::bigint + g)::text, ${customerPrefix}::text || g, ${tariffId}, '0001' from generate_series(1, ${count}::int) g`);
}

/**
 * Before a server process starts on it: the bootstrapped admin (test-config passwords) and `count`
 * vendable meters (flat tariff, accounts, decoder keys sealed under the KEK of `dataDir`, which the
 * server then finds there too). Closes the database.
 */
export async function seedVendableMeters(
  database: Database,
  dataDir: string,
  count: number,
): Promise<string[]> {
  const db = database.db;
  await database.migrate();
  await bootstrap(db, testConfig());
  await db.execute(
    sql`insert into tariffs (tariff_id, tariff_name, price_minor, station_id) values ('TOPS','OPS',6500,'0001')`,
  );
  await insertAccountedMeters(db, {
    count,
    firstMeter: 47200000000,
    customerPrefix: 'OPS',
    tariffId: 'TOPS',
  });
  const kek = await loadKeyEncryptionKey({ dataDir, env: {} });
  const store = new DbKeyStore(db, cipherVault(createKeyCipher(kek)));
  const ids: string[] = [];
  for (let g = 1; g <= count; g++) {
    const meterId = String(47200000000 + g);
    ids.push(meterId);
    const decoderKey = randomBytes(8).toString('hex').toUpperCase();
    await store.putDecoderKey({ ...METER_STS, meterId, decoderKey });
  }
  await database.close();
  return ids;
}
