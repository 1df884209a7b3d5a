import type { FastifyInstance } from 'fastify';
import { keyStoreOf } from '../src/modules/keystore/key-store.repo.js';

/** Revision 2 of the tests' supply group on base date 2014: the vending key campaigns move meters to. */
export const REVISION_2 = { sgc: '123456', krn: 2, dkga: '02', baseYear: 2014, key: 'CDCDCDCDCDCDCDCD' };

/** Stores REVISION_2 in the app's key store: the campaign derives each meter's new decoder key from it. */
export async function putRevision2(app: FastifyInstance) {
  const store = await keyStoreOf(app.deps);
  await store.putVendingKey(REVISION_2 as never);
  return store;
}
