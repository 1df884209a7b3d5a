import { type CipheredApdu, DED_TAG, GENERAL_DED_CIPHERING, GENERAL_GLO_CIPHERING, GLO_TAG } from './apdu.js';
import { DlmsError } from './errors.js';
import { bytesEqual, concatBytes, uintBytes } from './hex.js';

/**
 * Security suite 0 (DLMS UA Green Book 9.2): AES-GCM-128 with a 12-byte tag, IV = system title (8) ||
 * invocation counter (4). The AES work is done by WebCrypto (`globalThis.crypto.subtle`, present in
 * browsers and Node 20+), so this module imports nothing; another implementation can be passed in.
 */
export const SECURITY = {
  AUTHENTICATION: 0x10,
  ENCRYPTION: 0x20,
  BROADCAST_KEY: 0x40,
  COMPRESSION: 0x80,
} as const;
export const TAG_LENGTH = 12;

/**
 * WebCrypto's SubtleCrypto, named through the global so the package type-checks in projects without the
 * DOM library (Node's own typings declare the same global).
 */
type SubtleCrypto = NonNullable<typeof globalThis.crypto>['subtle'];
type CryptoKey = Awaited<ReturnType<SubtleCrypto['importKey']>>;

export interface SecurityKeys {
  /** Block cipher key (global unicast, or the dedicated key): 16 bytes. */
  blockCipherKey: Uint8Array;
  /** Authentication key: 16 bytes. */
  authenticationKey: Uint8Array;
}

export interface CipherContext {
  keys: SecurityKeys;
  /** The sender's system title: 8 bytes. */
  systemTitle: Uint8Array;
  invocationCounter: number;
  /** Security control byte: 0x30 authenticated and encrypted, 0x10 authenticated, 0x20 encrypted. */
  securityControl: number;
  subtle?: SubtleCrypto;
}

function subtleOf(ctx: { subtle?: SubtleCrypto }): SubtleCrypto {
  const s = ctx.subtle ?? globalThis.crypto?.subtle;
  if (!s) throw new DlmsError('unsupported', 'no WebCrypto: pass `subtle`');
  return s;
}

function iv(ctx: CipherContext): Uint8Array<ArrayBuffer> {
  if (ctx.systemTitle.length !== 8)
    throw new DlmsError('bad-length', `system title of ${ctx.systemTitle.length} bytes`);
  return Uint8Array.from(concatBytes(ctx.systemTitle, uintBytes(ctx.invocationCounter, 4)));
}

const buf = (b: Uint8Array): Uint8Array<ArrayBuffer> => Uint8Array.from(b);

async function gcmKey(ctx: CipherContext, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  return subtleOf(ctx).importKey('raw', buf(ctx.keys.blockCipherKey), 'AES-GCM', false, [usage]);
}

async function ctr(ctx: CipherContext, data: Uint8Array): Promise<Uint8Array> {
  // GCM's ciphertext is AES-CTR from counter J0 + 1 = IV || 00000002.
  const key = await subtleOf(ctx).importKey('raw', buf(ctx.keys.blockCipherKey), 'AES-CTR', false, [
    'encrypt',
  ]);
  const counter = concatBytes(iv(ctx), Uint8Array.of(0, 0, 0, 2));
  return new Uint8Array(
    await subtleOf(ctx).encrypt({ name: 'AES-CTR', counter: buf(counter), length: 32 }, key, buf(data)),
  );
}

/**
 * Protects `plaintext` as security control says: ciphertext || tag (0x30), plaintext || tag (0x10), or
 * ciphertext alone (0x20). The additional data is SC || AK (|| plaintext when only authenticated).
 */
export async function encrypt(ctx: CipherContext, plaintext: Uint8Array): Promise<Uint8Array> {
  const sc = ctx.securityControl;
  const authenticated = (sc & SECURITY.AUTHENTICATION) !== 0;
  const encrypted = (sc & SECURITY.ENCRYPTION) !== 0;
  if (!authenticated) return encrypted ? ctr(ctx, plaintext) : plaintext;
  const aad = concatBytes(
    Uint8Array.of(sc),
    ctx.keys.authenticationKey,
    encrypted ? new Uint8Array() : plaintext,
  );
  const params = { name: 'AES-GCM', iv: iv(ctx), additionalData: buf(aad), tagLength: 96 };
  const out = new Uint8Array(
    await subtleOf(ctx).encrypt(
      params,
      await gcmKey(ctx, 'encrypt'),
      buf(encrypted ? plaintext : new Uint8Array()),
    ),
  );
  return encrypted ? out : concatBytes(plaintext, out);
}

/** Reverses encrypt(); throws DlmsError('auth-failed') when the tag does not verify. */
export async function decrypt(ctx: CipherContext, ciphered: Uint8Array): Promise<Uint8Array> {
  const sc = ctx.securityControl;
  const authenticated = (sc & SECURITY.AUTHENTICATION) !== 0;
  const encrypted = (sc & SECURITY.ENCRYPTION) !== 0;
  if (!authenticated) return encrypted ? ctr(ctx, ciphered) : ciphered;
  if (ciphered.length < TAG_LENGTH) throw new DlmsError('too-short', 'no room for the authentication tag');
  if (!encrypted) {
    const plain = ciphered.slice(0, -TAG_LENGTH);
    const expected = await encrypt(ctx, plain);
    if (!bytesEqual(expected, ciphered)) throw new DlmsError('auth-failed', 'authentication tag mismatch');
    return plain;
  }
  const aad = concatBytes(Uint8Array.of(sc), ctx.keys.authenticationKey);
  try {
    const params = { name: 'AES-GCM', iv: iv(ctx), additionalData: buf(aad), tagLength: 96 };
    return new Uint8Array(await subtleOf(ctx).decrypt(params, await gcmKey(ctx, 'decrypt'), buf(ciphered)));
  } catch {
    throw new DlmsError('auth-failed', 'authentication tag mismatch');
  }
}

/**
 * HLS-GMAC (mechanism 5) f(challenge): SC 0x10 || IC || GMAC tag over SC || AK || challenge, with the
 * sender's system title and invocation counter. The client sends f(StoC) in reply_to_HLS_authentication;
 * the server answers f(CtoS).
 */
export async function hlsGmac(
  ctx: Omit<CipherContext, 'securityControl'>,
  challenge: Uint8Array,
): Promise<Uint8Array> {
  const full = { ...ctx, securityControl: SECURITY.AUTHENTICATION };
  const tag = (await encrypt(full, challenge)).slice(challenge.length);
  return concatBytes(Uint8Array.of(SECURITY.AUTHENTICATION), uintBytes(ctx.invocationCounter, 4), tag);
}

/** Checks a peer's HLS-GMAC answer against the challenge we sent; the counter is read from the answer. */
export async function verifyHlsGmac(
  ctx: Omit<CipherContext, 'securityControl' | 'invocationCounter'>,
  challenge: Uint8Array,
  answer: Uint8Array,
): Promise<boolean> {
  if (answer.length !== 5 + TAG_LENGTH || answer[0] !== SECURITY.AUTHENTICATION) return false;
  const invocationCounter =
    (answer[1] ?? 0) * 2 ** 24 + (((answer[2] ?? 0) << 16) | ((answer[3] ?? 0) << 8) | (answer[4] ?? 0));
  return bytesEqual(await hlsGmac({ ...ctx, invocationCounter }, challenge), answer);
}

/**
 * Wraps a plain xDLMS APDU into its ciphered form: glo- (or ded-) service tag, or general-glo-ciphering
 * carrying the system title when `general` is set.
 */
export async function protectApdu(
  ctx: CipherContext,
  plain: Uint8Array,
  opts?: { dedicated?: boolean; general?: boolean },
): Promise<CipheredApdu> {
  const ciphered = await encrypt(ctx, plain);
  const base = {
    service: 'ciphered' as const,
    securityControl: ctx.securityControl,
    invocationCounter: ctx.invocationCounter,
    ciphered,
  };
  if (opts?.general) {
    const tag = opts.dedicated ? GENERAL_DED_CIPHERING : GENERAL_GLO_CIPHERING;
    return { ...base, tag, systemTitle: ctx.systemTitle };
  }
  const table = opts?.dedicated ? DED_TAG : GLO_TAG;
  const tag = table[plain[0] ?? -1];
  if (tag === undefined)
    throw new DlmsError('unsupported', `no ciphered tag for APDU ${plain[0]?.toString(16)}`);
  return { ...base, tag };
}

/**
 * Deciphers a ciphered APDU to the plain APDU bytes. `systemTitle` is the sender's (from the AARQ/AARE
 * AP title); a general-ciphering APDU carries its own.
 */
export async function unprotectApdu(
  apdu: CipheredApdu,
  keys: SecurityKeys,
  systemTitle?: Uint8Array,
  subtle?: SubtleCrypto,
): Promise<Uint8Array> {
  const title = apdu.systemTitle ?? systemTitle;
  if (!title) throw new DlmsError('bad-value', 'no system title to decipher with');
  const ctx: CipherContext = {
    keys,
    systemTitle: title,
    invocationCounter: apdu.invocationCounter,
    securityControl: apdu.securityControl,
  };
  if (subtle) ctx.subtle = subtle;
  return decrypt(ctx, apdu.ciphered);
}
