import { CodedError } from '@prepay/bytes';

/**
 * Every refusal of the engine is an StsError with a stable `code`, so the server can map it to a
 * business error and the CLI can print it, without parsing messages.
 */
export type StsErrorCode =
  | 'INVALID_KEY'
  | 'INVALID_HEX'
  | 'INVALID_PAN'
  | 'PAN_CHECK_DIGIT'
  | 'INVALID_SGC'
  | 'INVALID_FIELD'
  | 'AMOUNT_OUT_OF_RANGE'
  | 'INVALID_AMOUNT'
  | 'TID_OUT_OF_RANGE'
  | 'TID_BEFORE_BASE_DATE'
  | 'TID_BEYOND_BASE_DATE'
  | 'KEY_EXPIRED'
  | 'INVALID_BASE_DATE'
  | 'INVALID_DATE'
  | 'UNKNOWN_CLASS'
  | 'UNKNOWN_SUBCLASS'
  | 'INVALID_TOKEN'
  | 'TOKEN_OUT_OF_RANGE'
  | 'CRC_MISMATCH'
  | 'KEY_MISMATCH'
  | 'NO_VENDOR_PROFILE'
  | 'INVALID_VENDOR_PROFILE'
  | 'KEY_NOT_FOUND'
  | 'UNKNOWN_OP'
  | 'INVALID_REQUEST';

export class StsError extends CodedError<StsErrorCode> {
  override name = 'StsError';

  constructor(
    code: StsErrorCode,
    message: string,
    /** The offending input field, when there is one (for form errors in the console). */
    readonly field?: string,
  ) {
    super(code, message);
  }
}

export function isStsError(e: unknown): e is StsError {
  return e instanceof StsError;
}
