import { type Aare, type Aarq, MECHANISM } from './acse.js';
import { type CipheredApdu, decodeApdu, encodeApdu } from './apdu.js';
import { DlmsError } from './errors.js';
import {
  conformanceBlock,
  encodeInitiateRequest,
  type InitiateRequest,
  type InitiateResponse,
} from './initiate.js';
import { type CipherContext, protectApdu, type SecurityKeys, unprotectApdu } from './security.js';

/**
 * What an association (AARQ/AARE, logical-name referencing) needs on both sides: the request a client
 * sends for each authentication level, and the reading of the InitiateResponse the meter answers.
 */
export type DlmsAuthentication = 'none' | 'low' | 'high-gmac';
export const DLMS_AUTHENTICATIONS: readonly DlmsAuthentication[] = ['none', 'low', 'high-gmac'];

/** What a prepayment head-end asks of a meter. */
export const CLIENT_CONFORMANCE = conformanceBlock([
  'block-transfer-with-get-or-read',
  'block-transfer-with-set-or-write',
  'multiple-references',
  'get',
  'set',
  'selective-access',
  'action',
]);

export interface AssociationRequest {
  authentication: DlmsAuthentication;
  maxReceivePduSize: number;
  /** low: the password. */
  password?: Uint8Array;
  /** high-gmac: the client challenge CtoS, the keys, the client system title and its invocation counter. */
  challenge?: Uint8Array;
  keys?: SecurityKeys;
  systemTitle?: Uint8Array;
  invocationCounter?: number;
}

export function initiateRequest(maxReceivePduSize: number): InitiateRequest {
  return { service: 'initiate-request', dlmsVersion: 6, conformance: CLIENT_CONFORMANCE, maxReceivePduSize };
}

/** The AARQ for `req`; high-gmac ciphers the InitiateRequest (glo-initiate-request). */
export async function buildAarq(req: AssociationRequest): Promise<Aarq> {
  const initiate = encodeInitiateRequest(initiateRequest(req.maxReceivePduSize));
  if (req.authentication === 'none') return { apdu: 'aarq', context: 'ln', userInformation: initiate };
  if (req.authentication === 'low') {
    if (!req.password) throw new DlmsError('bad-value', 'low authentication needs a password');
    return {
      apdu: 'aarq',
      context: 'ln',
      mechanism: MECHANISM.low,
      authenticationValue: req.password,
      userInformation: initiate,
    };
  }
  const ctx = cipherContext(req);
  const glo = await protectApdu(ctx, initiate);
  return {
    apdu: 'aarq',
    context: 'ln-ciphered',
    callingApTitle: ctx.systemTitle,
    mechanism: MECHANISM['high-gmac'],
    authenticationValue: req.challenge ?? new Uint8Array(),
    userInformation: encodeApdu(glo),
  };
}

function cipherContext(req: AssociationRequest): CipherContext {
  if (!req.keys || !req.systemTitle || !req.challenge)
    throw new DlmsError('bad-value', 'high-gmac needs keys, a system title and a challenge');
  return {
    keys: req.keys,
    systemTitle: req.systemTitle,
    invocationCounter: req.invocationCounter ?? 0,
    securityControl: 0x30,
  };
}

/**
 * The InitiateResponse inside an accepted AARE (deciphered with the meter's keys when ciphered), or the
 * confirmed-service-error a meter answers when it refuses the xDLMS context.
 */
export async function readAareInitiate(
  aare: Aare,
  keys?: SecurityKeys,
): Promise<InitiateResponse | { error: number }> {
  if (!aare.userInformation) throw new DlmsError('bad-value', 'AARE without user information');
  let inner = decodeApdu(aare.userInformation);
  if ('service' in inner && inner.service === 'ciphered') {
    if (!keys) throw new DlmsError('bad-value', 'ciphered AARE without keys');
    inner = decodeApdu(await unprotectApdu(inner as CipheredApdu, keys, aare.respondingApTitle));
  }
  if ('service' in inner && inner.service === 'initiate-response') return inner;
  if ('service' in inner && inner.service === 'confirmed-service-error') return { error: inner.value };
  throw new DlmsError('bad-tag', 'AARE user information is not an InitiateResponse');
}
