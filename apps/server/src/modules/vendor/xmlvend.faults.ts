import type { ErrorType } from './ppu.models.js';

/**
 * The XMLVend exceptions this server answers with (the `xsi:type` of a fault's `fault` element): business
 * rules of a sale and the protocol's own faults about advices and message shape.
 */
export type XmlVendFaultType =
  | 'SystemEx'
  | 'BusinessRuleEx'
  | 'UnknownMeterEx'
  | 'BlockedMeterEx'
  | 'VendorCreditEx'
  | 'ClientIDAuthorisationEx'
  | 'RequestAuthorisationEx'
  | 'ReprintEx'
  | 'ConfirmCustomerEx'
  | 'ReversalEx'
  | 'ConfirmationEx'
  | 'LastResponseEx'
  | 'UseCaseSupportEx'
  | 'XMLVendSchemaEx';

/** A refusal as a SOAP fault: the exception type, its description and our code for it. */
export class XmlVendFault extends Error {
  constructor(
    readonly type: XmlVendFaultType,
    readonly desc: string,
    readonly code: string,
  ) {
    super(desc);
  }
}

/**
 * Every fault this channel sends, by our code: the exception and its description. The descriptions are
 * the channel's wire text; a client that asks in another language (Accept-Language) reads them translated.
 */
export const XMLVEND_FAULTS = {
  XV01: ['XMLVendSchemaEx', 'The request is not a valid XMLVend 2.1 message'],
  XV02: ['UseCaseSupportEx', 'This XMLVend request is not supported'],
  XV03: ['ClientIDAuthorisationEx', 'The client, terminal or credential is not recognised'],
  XV04: ['UnknownMeterEx', 'Unknown meter number'],
  XV05: ['BlockedMeterEx', 'The meter is blocked: no sale is possible'],
  XV06: ['VendorCreditEx', 'The vendor credit does not cover this purchase'],
  XV07: ['VendorCreditEx', 'The vendor daily limit is reached'],
  XV08: ['BusinessRuleEx', 'The purchase value is too low'],
  XV09: ['BusinessRuleEx', 'This message id was used before: send a last-response advice'],
  XV10: ['SystemEx', 'The vend was declined'],
  XV11: ['LastResponseEx', 'Transaction does not exist'],
  XV12: ['ReversalEx', 'The transaction cannot be reversed: its token is used or it is confirmed'],
  XV13: ['ReversalEx', 'Transaction does not exist'],
  XV14: ['ConfirmationEx', 'The transaction cannot be confirmed: it was reversed'],
  XV15: ['ConfirmationEx', 'Transaction does not exist'],
  XV16: ['ReprintEx', 'No purchase to reprint for this meter'],
  XV17: ['SystemEx', 'The request could not be completed'],
} as const satisfies Record<string, readonly [XmlVendFaultType, string]>;

export type XmlVendFaultCode = keyof typeof XMLVEND_FAULTS;

/** The fault of one of our codes; a schema fault may say what was wrong (`problem`, in parentheses). */
export const xmlVendFault = (code: XmlVendFaultCode, problem?: string) => {
  const [type, desc] = XMLVEND_FAULTS[code];
  return new XmlVendFault(type, problem ? `${desc} (${problem})` : desc, code);
};

/** What the advice or sale was doing, which decides the exception a shared channel refusal becomes. */
export type XmlVendStep = 'sale' | 'reversal' | 'confirmation' | 'reprint';

const BY_STEP: Record<XmlVendStep, Partial<Record<ErrorType, XmlVendFaultCode>>> = {
  sale: {},
  reversal: { TRANSACTION_DECLINED: 'XV12', UNABLE_TO_LOCATE_RECORD: 'XV13' },
  confirmation: { TRANSACTION_DECLINED: 'XV14', UNABLE_TO_LOCATE_RECORD: 'XV15' },
  reprint: { UNABLE_TO_LOCATE_RECORD: 'XV16', TRANSACTION_DECLINED: 'XV16' },
};

const ANY_STEP: Partial<Record<ErrorType, XmlVendFaultCode>> = {
  UNKNOWN_METER_ID: 'XV04',
  METER_ID_BLOCKED: 'XV05',
  INSUFFICIENT_FUNDS: 'XV06',
  LIMIT_EXCEEDED: 'XV07',
  AMOUNT_TOO_LOW: 'XV08',
  DUPLICATE_RECORD: 'XV09',
  INVALID_MERCHANT: 'XV03',
  TRANSACTION_DECLINED: 'XV10',
  FORMAT_ERROR: 'XV01',
};

/** The fault a shared channel refusal (an ErrorType) becomes in this step. */
export const faultOfChannel = (step: XmlVendStep, type: ErrorType) =>
  xmlVendFault(BY_STEP[step][type] ?? ANY_STEP[type] ?? 'XV17');
