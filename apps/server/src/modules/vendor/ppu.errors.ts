import type { ErrorType } from './ppu.models.js';

/**
 * A refusal in the channel's own terms: the interface's error type, a message of at most 20 characters
 * (its limit) and the HTTP status its clients read the outcome from (400 final, 404 no such request).
 */
export class ChannelError extends Error {
  constructor(
    readonly errorType: ErrorType,
    readonly errorMessage: string,
    readonly status = 400,
    readonly detail?: Record<string, unknown>,
  ) {
    super(errorMessage);
  }
}

export const channelError = (
  type: ErrorType,
  message: string,
  status = 400,
  detail?: Record<string, unknown>,
) => new ChannelError(type, message.slice(0, 20), status, detail);
