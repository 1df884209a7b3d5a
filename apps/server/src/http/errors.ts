import { ErrorCode } from '@prepay/contracts';

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
