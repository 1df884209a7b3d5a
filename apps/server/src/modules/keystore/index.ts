import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { keyStoreRoutes } from './keystore.routes.js';
import { createKeyStoreService } from './keystore.service.js';

export { createKeyCipher, type KeyCipher, loadKeyEncryptionKey } from './key-cipher.js';
export {
  type DbKeyStore,
  type KeySource,
  keyStoreOf,
  type NextKeyFields,
  type StoredDecoderKey,
} from './key-store.repo.js';
export type { SealedKey } from './key-vault.js';
export { openPkcs11Vault, type Pkcs11Config } from './pkcs11-vault.js';

/** The key store: vending and decoder keys, sealed by a vault. */
export function keystoreModule(deps: Deps): ServerModule {
  return { routes: keyStoreRoutes(createKeyStoreService(deps)) };
}
