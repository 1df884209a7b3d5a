import { TokenResult } from '@prepay/dlt645';
import { acceptToken } from '@prepay/sts';
import type { MeterModel } from './meter.js';

/**
 * STS token entry on the simulated meter: decodes with the meter's own key through @prepay/sts's
 * meter-side acceptance (CRC, key expiry, DDTK, TID memory, key-change sections) and applies the effect.
 */

/** Credit subclass the meter's register takes: 0 electricity, 1 water, 2 gas (sts.md §2.2). */
const CREDIT_SUBCLASS_OF_TYPE = [0, 1, 2];

export interface TokenEntry {
  result: number;
  /** What the meter would display, for logs ("Accept", "USED: …"). */
  message: string;
  creditUnits?: number;
}

export function enterToken(m: MeterModel, token: string, nowMs: number): TokenEntry {
  m.advance(nowMs);
  const { state, outcome } = acceptToken(m.security, token, nowMs);
  const rejected = (message = outcome.message): TokenEntry => ({ result: TokenResult.REJECTED, message });
  switch (outcome.result) {
    case 'used':
      return { result: TokenResult.USED, message: outcome.message };
    case 'old':
      return { result: TokenResult.OLD, message: outcome.message };
    case 'firstKeyChangeReceived':
    case 'secondKeyChangeReceived':
      m.security = state;
      return { result: TokenResult.KEY_CHANGE_PENDING, message: outcome.message };
    case 'accept':
      break;
    default:
      return rejected();
  }
  const effect = outcome.effect;
  if (effect?.type === 'credit') {
    // A credit for another service (an electricity token on a water meter) is refused, TID not stored.
    if (effect.subclass !== CREDIT_SUBCLASS_OF_TYPE[m.config.type]) {
      return rejected(`credit subclass ${effect.subclass} does not fit a meter of type ${m.config.type}`);
    }
    m.security = state;
    m.addCredit(nowMs, effect.units);
    return { result: TokenResult.ACCEPTED, message: outcome.message, creditUnits: effect.units };
  }
  if (effect?.type === 'currencyCredit') return rejected('a currency credit on a unit-credit meter');
  m.security = state;
  if (effect?.type === 'clearCredit') m.clearCredit(nowMs);
  if (effect?.type === 'setMaximumPowerLimit') m.maxPowerWatts = effect.watts;
  return { result: TokenResult.ACCEPTED, message: outcome.message };
}

/** The 20 token digits of the TOKEN_ENTRY value: 10 BCD bytes, least significant first. */
export function tokenDigits(value: Uint8Array): string | undefined {
  if (value.length !== 10) return undefined;
  let digits = '';
  for (let i = 9; i >= 0; i--) {
    const b = value[i] ?? 0;
    if (b >> 4 > 9 || (b & 15) > 9) return undefined;
    digits += b.toString(16).padStart(2, '0');
  }
  return digits;
}
