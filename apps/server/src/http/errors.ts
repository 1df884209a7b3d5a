import { ErrorCode } from '@prepay/contracts';
import { DomainError } from '../lib/domain-errors.js';

/**
 * An error that is HTTP from the start (the auth hook's 401). Everything a service refuses is a
 * DomainError (lib/domain-errors.ts), mapped to the wire in error-handler.ts.
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    readonly reason: string,
    readonly result: unknown = null,
  ) {
    super(reason);
  }
}

export const unauthorized = (reason: string, code: number = ErrorCode.tokenExpired) =>
  new AppError(401, code, reason);

// Older imports keep working; new code imports these from lib/domain-errors.ts.
export { forbidden, invalid, notFound, refuse, tooLarge } from '../lib/domain-errors.js';

/**
 * Why a request never reached its handler, as a sentence: the body guards' refusal (malformed, nested too
 * deep, NUL, too large) or the transport's own 4xx (media type, size); null when the failure is ours. The
 * channels that answer in their interface's words (REST, SOAP, C2B) put this sentence there.
 */
export function requestProblem(error: unknown): string | null {
  if (error instanceof DomainError && (error.kind === 'invalid' || error.kind === 'tooLarge'))
    return error.reason;
  const status = (error as { statusCode?: number }).statusCode ?? 0;
  return status >= 400 && status < 500 ? (error as Error).message : null;
}
