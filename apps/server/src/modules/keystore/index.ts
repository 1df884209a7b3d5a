// The key store module's public face: what other modules may use of it.
export { loadKeyEncryptionKey } from './key-cipher.js';
export { type DbKeyStore, keyStoreOf, type NextKeyFields, type StoredDecoderKey } from './key-store.js';
