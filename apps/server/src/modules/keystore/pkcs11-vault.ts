import { createPublicKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { encodeKeyChangeWith, encodeKeyedToken, vendingKeyCheckValue } from '@prepay/sts';
import pkcs11js from 'pkcs11js';
import { deriveWith, type KeyRef, type KeyVault, type SealedKey, sameKey } from './key-vault.js';

/**
 * A key vault on a PKCS#11 token (SoftHSM2 in tests, any PKCS#11 HSM in production).
 *
 * What stays in the token: the key-encryption key, an AES-256 secret key created inside the token as
 * sensitive and non-extractable; it never exists outside it. Every vending and decoder key is sealed
 * by the token (AES-GCM, C_Encrypt, the key's context as additional data) and the database keeps only
 * that blob; a copied database without the token opens nothing.
 *
 * What the token cannot do: STS encryption. EA07 is the Standard Transfer Algorithm, 16 rounds in
 * which every nibble's S-box is chosen by a bit of the decoder key; EA11 is MISTY1. Neither is a
 * PKCS#11 mechanism, and STA has no part that could run outside the token without the key (one round
 * of a known block already shows 16 key bits). DKGA02 also needs the vending key itself (DES(VK, X)
 * XOR X XOR VK) and DKGA04 an HMAC into a key: no generic token derives either into a key object. So
 * for each derivation or token the token opens the key it needs, the server uses it for that one
 * operation and wipes the buffer; keeping STS keys inside the security module at all times takes an
 * HSM with STS firmware (STA/MISTY1 as its own mechanisms), which would implement this same interface.
 */

const { PKCS11 } = pkcs11js;
type Handle = Buffer;

export interface Pkcs11Options {
  /** The PKCS#11 library (e.g. /usr/lib/softhsm/libsofthsm2.so). */
  module: string;
  tokenLabel: string;
  pin: string;
  /** Sessions kept open; an operation holds one from init to result, so this many run at once. */
  sessions?: number;
}

/** The label of the key-encryption key in the token (created on first use when absent). */
export const KEK_LABEL = 'prepay-key-encryption-key';
const SEAL_PREFIX = 'p11:';
/** A transport key's private half is an object in the token, named by its context: the row holds this name. */
const TRANSPORT_PREFIX = 'p11rsa:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Sessions handed out one operation at a time; callers wait in order when all are busy. */
class SessionPool {
  readonly #free: Handle[];
  readonly #waiting: ((s: Handle) => void)[] = [];

  constructor(sessions: Handle[]) {
    this.#free = [...sessions];
  }

  async use<T>(fn: (session: Handle) => Promise<T>): Promise<T> {
    const session = this.#free.pop() ?? (await new Promise<Handle>((ok) => this.#waiting.push(ok)));
    try {
      return await fn(session);
    } finally {
      const next = this.#waiting.shift();
      if (next) next(session);
      else this.#free.push(session);
    }
  }
}

/**
 * Runs an asynchronous token call on `input`, which is then wiped. pkcs11js hands the native worker a bare
 * pointer into the input and keeps only the output buffer alive, so an input nothing else refers to can
 * be collected while the worker thread still reads it (the worker process then dies). The `finally`
 * below refers to it until the call has finished.
 */
async function holding<T>(input: Buffer, call: (input: Buffer) => Promise<T>): Promise<T> {
  try {
    return await call(input);
  } finally {
    input.fill(0);
  }
}

/** One initialised library per path in the process (PKCS#11 allows one C_Initialize), counted by user. */
const libraries = new Map<string, { p11: pkcs11js.PKCS11; users: number }>();

function loadLibrary(module: string): pkcs11js.PKCS11 {
  let lib = libraries.get(module);
  if (!lib) {
    const p11 = new PKCS11();
    p11.load(module);
    // The asynchronous calls run on several threads at once. Without CKF_OS_LOCKING_OK the library is
    // told the application is single-threaded and takes no locks (SoftHSM2 then corrupts its heap).
    p11.C_Initialize({ flags: pkcs11js.CKF_OS_LOCKING_OK });
    lib = { p11, users: 0 };
    libraries.set(module, lib);
  }
  lib.users += 1;
  return lib.p11;
}

function unloadLibrary(module: string): void {
  const lib = libraries.get(module);
  if (!lib) return;
  lib.users -= 1;
  if (lib.users > 0) return;
  libraries.delete(module);
  lib.p11.C_Finalize();
}

/** A login holds for every session of the application, so a second vault on the token finds it done. */
function login(p11: pkcs11js.PKCS11, session: Handle, pin: string): void {
  try {
    p11.C_Login(session, pkcs11js.CKU_USER, pin);
  } catch (err) {
    if (!(err instanceof pkcs11js.Pkcs11Error && err.code === pkcs11js.CKR_USER_ALREADY_LOGGED_IN)) throw err;
  }
}

function findSlot(p11: pkcs11js.PKCS11, label: string): Handle {
  for (const slot of p11.C_GetSlotList(true)) {
    if (p11.C_GetTokenInfo(slot).label.trim() === label) return slot;
  }
  throw new Error(`no PKCS#11 token labelled "${label}" (PKCS11_TOKEN_LABEL)`);
}

/**
 * What every key the token keeps for the vault is: a token object, readable only after login, whose value
 * never leaves the token (sensitive, not extractable).
 */
const HELD_IN_TOKEN: pkcs11js.Template = [
  { type: pkcs11js.CKA_TOKEN, value: true },
  { type: pkcs11js.CKA_PRIVATE, value: true },
  { type: pkcs11js.CKA_SENSITIVE, value: true },
  { type: pkcs11js.CKA_EXTRACTABLE, value: false },
];

/** The token's object of this class and label, if it holds one. */
function findKey(p11: pkcs11js.PKCS11, session: Handle, keyClass: number, label: string) {
  const template = [
    { type: pkcs11js.CKA_CLASS, value: keyClass },
    { type: pkcs11js.CKA_LABEL, value: label },
  ];
  p11.C_FindObjectsInit(session, template);
  const [found] = p11.C_FindObjects(session, 1);
  p11.C_FindObjectsFinal(session);
  return { found, template };
}

/** The token's key-encryption key, generated inside the token when it has none. */
export function findOrCreateKek(p11: pkcs11js.PKCS11, session: Handle): Handle {
  const { found, template } = findKey(p11, session, pkcs11js.CKO_SECRET_KEY, KEK_LABEL);
  if (found) return found;
  return p11.C_GenerateKey(session, { mechanism: pkcs11js.CKM_AES_KEY_GEN }, [
    ...template,
    { type: pkcs11js.CKA_KEY_TYPE, value: pkcs11js.CKK_AES },
    { type: pkcs11js.CKA_VALUE_LEN, value: 32 },
    ...HELD_IN_TOKEN,
    { type: pkcs11js.CKA_ENCRYPT, value: true },
    { type: pkcs11js.CKA_DECRYPT, value: true },
    { type: pkcs11js.CKA_WRAP, value: false },
    { type: pkcs11js.CKA_UNWRAP, value: false },
  ]);
}

const gcm = (iv: Buffer, context: string) => ({
  mechanism: pkcs11js.CKM_AES_GCM,
  parameter: {
    type: pkcs11js.CK_PARAMS_AES_GCM,
    iv,
    aad: Buffer.from(context, 'utf8'),
    ivBits: IV_BYTES * 8,
    tagBits: TAG_BYTES * 8,
  },
});

/** RSA-OAEP with SHA-1 and MGF1-SHA-1 (the software vault's TRANSPORT_OAEP): what SoftHSM2 and every token offer. */
const OAEP = {
  mechanism: pkcs11js.CKM_RSA_PKCS_OAEP,
  parameter: {
    type: pkcs11js.CK_PARAMS_RSA_OAEP,
    hashAlg: pkcs11js.CKM_SHA_1,
    mgf: pkcs11js.CKG_MGF1_SHA1,
    // CKZ_DATA_SPECIFIED: the (empty) label is given as data.
    source: 1,
  },
};

export class Pkcs11Vault implements KeyVault {
  private constructor(
    private readonly p11: pkcs11js.PKCS11,
    private readonly pool: SessionPool,
    private readonly kek: Handle,
  ) {}

  /** Loads the library, opens `sessions` sessions on the labelled token and logs in as its user. */
  static open(options: Pkcs11Options): Pkcs11Vault {
    const p11 = loadLibrary(options.module);
    try {
      const slot = findSlot(p11, options.tokenLabel);
      const flags = pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION;
      const sessions = Array.from({ length: options.sessions ?? 8 }, () => p11.C_OpenSession(slot, flags));
      const [first] = sessions as [Handle];
      login(p11, first, options.pin);
      const vault = new Pkcs11Vault(p11, new SessionPool(sessions), findOrCreateKek(p11, first));
      vault.#release = () => {
        for (const s of sessions) p11.C_CloseSession(s);
        unloadLibrary(options.module);
      };
      return vault;
    } catch (err) {
      unloadLibrary(options.module);
      throw err;
    }
  }

  #release = () => {};

  close(): void {
    this.#release();
    this.#release = () => {};
  }

  async seal(plainHex: string, context: string): Promise<SealedKey> {
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(plainHex)) throw new Error('a key is an even number of hex digits');
    const plain = Buffer.from(plainHex, 'hex');
    const iv = randomBytes(IV_BYTES);
    try {
      const sealed = await this.pool.use(async (session) => {
        this.p11.C_EncryptInit(session, gcm(iv, context), this.kek);
        return holding(plain, (input) =>
          this.p11.C_EncryptAsync(session, input, Buffer.alloc(input.length + TAG_BYTES)),
        );
      });
      return `${SEAL_PREFIX}${iv.toString('base64')}.${sealed.toString('base64')}`;
    } finally {
      plain.fill(0);
    }
  }

  /** The token's own random generator makes the key; it is sealed by the token before it is stored. */
  async generate(bytes: number, context: string): Promise<SealedKey> {
    const key = await this.pool.use(async (session) =>
      this.p11.C_GenerateRandom(session, Buffer.alloc(bytes)),
    );
    try {
      return await this.seal(key.toString('hex'), context);
    } finally {
      key.fill(0);
    }
  }

  /** Runs `fn` with the key opened by the token, then wipes the opened bytes. */
  private async withKey<T>(ref: KeyRef, fn: (hex: string) => T): Promise<T> {
    const [iv, data] = ref.sealed.startsWith(SEAL_PREFIX)
      ? ref.sealed.slice(SEAL_PREFIX.length).split('.')
      : [];
    if (!iv || !data) throw new Error('this key was not sealed by the PKCS#11 vault');
    const sealed = Buffer.from(data, 'base64');
    const plain = await this.pool.use(async (session) => {
      this.p11.C_DecryptInit(session, gcm(Buffer.from(iv, 'base64'), ref.context), this.kek);
      return holding(sealed, (input) =>
        this.p11.C_DecryptAsync(session, input, Buffer.alloc(input.length)),
      ).catch(() => {
        throw new Error(`the token refuses this key under ${ref.context}`);
      });
    });
    try {
      return fn(plain.toString('hex').toUpperCase());
    } finally {
      plain.fill(0);
    }
  }

  async derive(
    vendingKey: Parameters<KeyVault['derive']>[0],
    request: Parameters<KeyVault['derive']>[1],
    context: string,
  ) {
    const { key, source } = await this.withKey(vendingKey, (vk) => deriveWith(vk, vendingKey, request));
    return { sealed: await this.seal(key, context), source };
  }

  async reseal(key: KeyRef, context: string) {
    return this.seal(await this.withKey(key, (hex) => hex), context);
  }

  async encode(key: KeyRef, token: Parameters<KeyVault['encode']>[1]) {
    return this.withKey(key, (hex) => encodeKeyedToken(hex, token));
  }

  async encodeKeyChange(current: KeyRef, next: KeyRef, fields: Parameters<KeyVault['encodeKeyChange']>[2]) {
    return this.withKey(current, (cur) => this.withKey(next, (nxt) => encodeKeyChangeWith(cur, nxt, fields)));
  }

  /**
   * The RSA pair is generated by the token: the private half a token object (sensitive, not extractable,
   * decrypt only, labelled by its context), the public half a session object read once and dropped.
   */
  async generateTransportKey(context: string) {
    const label = `${TRANSPORT_PREFIX}${context}`;
    const { publicKey } = await this.pool.use(async (session) =>
      this.p11.C_GenerateKeyPair(
        session,
        { mechanism: pkcs11js.CKM_RSA_PKCS_KEY_PAIR_GEN },
        [
          { type: pkcs11js.CKA_MODULUS_BITS, value: 2048 },
          { type: pkcs11js.CKA_PUBLIC_EXPONENT, value: Buffer.from([1, 0, 1]) },
          { type: pkcs11js.CKA_ENCRYPT, value: true },
          { type: pkcs11js.CKA_TOKEN, value: false },
        ],
        [
          { type: pkcs11js.CKA_LABEL, value: label },
          ...HELD_IN_TOKEN,
          { type: pkcs11js.CKA_DECRYPT, value: true },
          { type: pkcs11js.CKA_UNWRAP, value: false },
          { type: pkcs11js.CKA_SIGN, value: false },
        ],
      ),
    );
    const [n, e] = await this.pool.use(async (session) => {
      const attrs = this.p11.C_GetAttributeValue(session, publicKey, [
        { type: pkcs11js.CKA_MODULUS },
        { type: pkcs11js.CKA_PUBLIC_EXPONENT },
      ]);
      this.p11.C_DestroyObject(session, publicKey);
      return attrs.map((a) => (a.value as Buffer).toString('base64url'));
    });
    const pem = createPublicKey({ key: { kty: 'RSA', n, e }, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    return { sealed: label, publicKeyPem: pem.toString() };
  }

  /** The token decrypts the wrapped key with the transport key's private half; the key is sealed at once. */
  async unwrap(transport: KeyRef, wrapped: Uint8Array, context: string) {
    if (transport.sealed !== `${TRANSPORT_PREFIX}${transport.context}`)
      throw new Error(`the token holds no transport key for ${transport.context}`);
    const key = await this.pool.use(async (session) => {
      const { found } = findKey(this.p11, session, pkcs11js.CKO_PRIVATE_KEY, transport.sealed);
      if (!found) throw new Error(`the token holds no transport key for ${transport.context}`);
      this.p11.C_DecryptInit(session, OAEP, found);
      return holding(Buffer.from(wrapped), (input) =>
        this.p11.C_DecryptAsync(session, input, Buffer.alloc(512)),
      );
    });
    try {
      return { sealed: await this.seal(key.toString('hex'), context), bytes: key.length };
    } finally {
      key.fill(0);
    }
  }

  async checkValue(vendingKey: Parameters<KeyVault['checkValue']>[0]) {
    return this.withKey(vendingKey, (hex) => vendingKeyCheckValue(vendingKey.dkga, hex));
  }

  async matches(key: KeyRef, candidateHex: string) {
    return this.withKey(key, (hex) => sameKey(hex, candidateHex));
  }
}

/** The PKCS#11 settings of the configuration (KEY_VAULT=pkcs11). */
export interface Pkcs11Config {
  module: string;
  tokenLabel: string;
  pinFile: string;
}

/** Opens the configured token; the PIN is read from its file and kept only by the library's login. */
export function openPkcs11Vault(config: Pkcs11Config): Pkcs11Vault {
  const pin = readFileSync(config.pinFile, 'utf8').trim();
  if (!pin) throw new Error(`PKCS11_PIN_FILE ${config.pinFile} is empty`);
  return Pkcs11Vault.open({ module: config.module, tokenLabel: config.tokenLabel, pin });
}
