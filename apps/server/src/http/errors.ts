import { ErrorCode } from '@prepay/contracts';

/** An error that becomes an envelope; anything else is an internal error with no details leaked. */
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

/** A business rule refused the request: HTTP 200, non-zero code, a reason the operator can act on. */
export const refuse = (reason: string, code: number = ErrorCode.business) => new AppError(200, code, reason);
export const notFound = (what: string) => new AppError(200, ErrorCode.notFound, `${what} not found`);
export const forbidden = (reason = 'You do not have permission to do this') =>
  new AppError(403, ErrorCode.forbidden, reason);
export const unauthorized = (reason: string, code: number = ErrorCode.tokenExpired) =>
  new AppError(401, code, reason);
export const invalid = (reason: string, errors: { path: string; message: string }[] = []) =>
  new AppError(400, ErrorCode.validation, reason, { errors });
