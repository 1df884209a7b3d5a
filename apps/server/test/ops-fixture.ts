import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { createKeyCipher, loadKeyEncryptionKey } from '../src/modules/keystore/key-cipher.js';
import { DbKeyStore } from '../src/modules/keystore/key-store.js';
import { cipherVault } from '../src/modules/keystore/key-vault.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { METER_STS, testConfig } from './test-config.js';

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
  await db.execute(sql`insert into customers (customer_id, customer_name, station_id)
    select 'OPS' || g, 'Customer ' || g, '0001' from generate_series(1, ${count}::int) g`);
  await db.execute(sql`insert into meters (meter_id, type, ea, protocol_version, status, base_year, sgc, krn, ken, ti, kt, station_id)
    select (47200000000 + g)::text, 0, '07', 'STS-1', true, 2014, '123456', 1, 255, 1, 2, '0001' from generate_series(1, ${count}::int) g`);
  await db.execute(sql`insert into accounts (meter_id, customer_id, tariff_id, station_id)
    select (47200000000 + g)::text, 'OPS' || g, 'TOPS', '0001' from generate_series(1, ${count}::int) g`);
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
