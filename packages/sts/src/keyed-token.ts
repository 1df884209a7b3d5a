import { encodeCredit } from './classes/credit.js';
import { encodeKeyChange, type KeyChangeInput } from './classes/key-change.js';
import {
  encodeClearCredit,
  encodeClearTamper,
  encodeSetMaximumPhasePowerUnbalanceLimit,
  encodeSetMaximumPowerLimit,
} from './classes/management.js';
import { encodeSetMaximumOverdraft, type VendorOverdraftProfile } from './classes/overdraft.js';

/**
 * A token to encrypt under a meter's decoder key, described without the key. A key store (software
 * or HSM) takes this description and adds the key itself, so the caller never holds a decoder key.
 */
export type KeyedToken = (
  | { kind: 'credit'; tid: number; subclass: number; amountUnits: number }
  | { kind: 'clearCredit'; tid: number; register: number }
  | { kind: 'clearTamper'; tid: number }
  | { kind: 'maxPower'; tid: number; watts: number }
  | { kind: 'maxPhaseUnbalance'; tid: number; watts: number }
  | { kind: 'maxOverdraft'; tid: number; value: number; profile: VendorOverdraftProfile }
) & {
  /** The 4-bit random number; drawn fresh when absent. Given only to compare two key stores token for token. */
  rnd?: number;
};

/** The fields of a key change other than the two keys (they stay inside the key store). */
export type KeyChangeFields = Omit<KeyChangeInput, 'currentDecoderKey' | 'newDecoderKey'>;

/** For key store implementations: encodes `token` under `decoderKey` (natural-order hex). */
export function encodeKeyedToken(decoderKey: string, token: KeyedToken): string {
  switch (token.kind) {
    case 'credit':
      return encodeCredit({ decoderKey, ...token });
    case 'clearCredit':
      return encodeClearCredit({ decoderKey, tid: token.tid, rnd: token.rnd, register: token.register });
    case 'clearTamper':
      return encodeClearTamper({ decoderKey, tid: token.tid, rnd: token.rnd });
    case 'maxPower':
      return encodeSetMaximumPowerLimit({ decoderKey, tid: token.tid, rnd: token.rnd, watts: token.watts });
    case 'maxPhaseUnbalance':
      return encodeSetMaximumPhasePowerUnbalanceLimit({
        decoderKey,
        tid: token.tid,
        rnd: token.rnd,
        watts: token.watts,
      });
    case 'maxOverdraft':
      return encodeSetMaximumOverdraft({ decoderKey, ...token });
  }
}

/** For key store implementations: the key-change tokens carrying `next`, encrypted under `current`. */
export function encodeKeyChangeWith(current: string, next: string, fields: KeyChangeFields): string[] {
  return encodeKeyChange({ ...fields, currentDecoderKey: current, newDecoderKey: next });
}
