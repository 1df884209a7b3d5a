import { CodedError } from '@prepay/bytes';

/**
 * Every malformed frame, value or argument raises a FrameError whose `code` names the fault, so callers
 * (head-end, simulator) can log and count faults without parsing messages.
 */
export type FrameErrorCode =
  | 'too-short'
  | 'no-start'
  | 'bad-start'
  | 'bad-length'
  | 'bad-checksum'
  | 'bad-end'
  | 'trailing-bytes'
  | 'bad-address'
  | 'bad-bcd'
  | 'bad-hex'
  | 'bad-value'
  | 'bad-control'
  | 'no-reply'
  | 'unmatched-reply';

export class FrameError extends CodedError<FrameErrorCode> {
  override name = 'FrameError';
}
