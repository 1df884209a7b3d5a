import { CodedError } from '@prepay/bytes';

/** Why bytes could not be read as DLMS: a stable `code` for callers, a message for people. */
export type DlmsErrorCode =
  | 'too-short'
  | 'trailing-bytes'
  | 'bad-hex'
  | 'bad-tag'
  | 'bad-length'
  | 'bad-value'
  | 'bad-flag'
  | 'bad-hcs'
  | 'bad-fcs'
  | 'bad-format'
  | 'bad-address'
  | 'bad-version'
  | 'auth-failed'
  | 'unsupported';

export class DlmsError extends CodedError<DlmsErrorCode> {
  override name = 'DlmsError';
}
