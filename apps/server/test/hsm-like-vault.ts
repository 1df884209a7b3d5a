import { createPrivateKey, generateKeyPairSync, privateDecrypt, randomBytes, randomUUID } from 'node:crypto';
import { encodeKeyChangeWith, encodeKeyedToken, vendingKeyCheckValue } from '@prepay/sts';
import {
  deriveWith,
  type KeyRef,
  type KeyVault,
  sameKey,
  TRANSPORT_OAEP,
} from '../src/modules/keystore/key-vault.js';

/**
 * A second key vault, shaped like an HSM: keys live in a separate in-memory vault and the database
 * only ever sees opaque handles ("hsm:<uuid>"). It has no `reveal`: nothing can take a key out, so a
 * vend that works on it shows the services never needed one in clear.
 */
export class HsmLikeVault implements KeyVault {
  /** Handle → key and the context it was created for. Private: only the operations below use it. */
  readonly #keys = new Map<string, { key: string; context: string }>();
  /** How many operations ran, so a test can see the vault was the one used. */
  operations = 0;

  get size(): number {
    return this.#keys.size;
  }

  #store(key: string, context: string): string {
    const handle = `hsm:${randomUUID()}`;
    this.#keys.set(handle, { key: key.toUpperCase(), context });
    return handle;
  }

  #use(ref: KeyRef): string {
    this.operations += 1;
    const entry = this.#keys.get(ref.sealed);
    if (!entry) throw new Error(`the vault holds no key ${ref.sealed}`);
    if (entry.context !== ref.context) throw new Error(`key ${ref.sealed} is not for ${ref.context}`);
    return entry.key;
  }

  async seal(plainHex: string, context: string) {
    return this.#store(plainHex, context);
  }

  async generate(bytes: number, context: string) {
    return this.#store(randomBytes(bytes).toString('hex'), context);
  }

  async derive(
    vendingKey: Parameters<KeyVault['derive']>[0],
    request: Parameters<KeyVault['derive']>[1],
    context: string,
  ) {
    const { key, source } = deriveWith(this.#use(vendingKey), vendingKey, request);
    return { sealed: this.#store(key, context), source };
  }

  async reseal(key: KeyRef, context: string) {
    return this.#store(this.#use(key), context);
  }

  async encode(key: KeyRef, token: Parameters<KeyVault['encode']>[1]) {
    return encodeKeyedToken(this.#use(key), token);
  }

  async encodeKeyChange(current: KeyRef, next: KeyRef, fields: Parameters<KeyVault['encodeKeyChange']>[2]) {
    return encodeKeyChangeWith(this.#use(current), this.#use(next), fields);
  }

  async generateTransportKey(context: string) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const der = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('hex');
    return {
      sealed: this.#store(der, context),
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  }

  async unwrap(transport: KeyRef, wrapped: Uint8Array, context: string) {
    const der = Buffer.from(this.#use(transport), 'hex');
    const key = privateDecrypt(
      { key: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }), ...TRANSPORT_OAEP },
      wrapped,
    );
    return { sealed: this.#store(key.toString('hex'), context), bytes: key.length };
  }

  async checkValue(vendingKey: Parameters<KeyVault['checkValue']>[0]) {
    return vendingKeyCheckValue(vendingKey.dkga, this.#use(vendingKey));
  }

  async matches(key: KeyRef, candidateHex: string) {
    return sameKey(this.#use(key), candidateHex);
  }
}
