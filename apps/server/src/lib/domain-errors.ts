/**
 * How the domain says no. Services and repos throw these and know nothing of HTTP; one place,
 * http/error-handler.ts, decides how each kind looks on the wire (status, code, envelope).
 */
export type DomainErrorKind =
  | 'refused'
  | 'notFound'
  | 'forbidden'
  | 'invalid'
  | 'tooLarge'
  | 'unauthenticated';

export interface FieldProblem {
  path: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly reason: string,
    /** A specific error code of the wire contract (e.g. a wrong login), else the kind's own. */
    readonly code?: number,
    /** For `invalid`: which fields are wrong. */
    readonly problems: FieldProblem[] = [],
    /** For `refused`: the figures behind the reason, so a console can say it in its reader's language. */
    readonly detail: Record<string, unknown> | null = null,
  ) {
    super(reason);
  }
}

/** A business rule refused the request; the reason is one the operator can act on. */
export const refuse = (reason: string, code?: number) => new DomainError('refused', reason, code);
/** A refusal with the figures behind it, answered as the envelope's result. */
export const refuseWith = (reason: string, detail: Record<string, unknown>) =>
  new DomainError('refused', reason, undefined, [], detail);
export const notFound = (what: string) => new DomainError('notFound', `${what} not found`);
export const forbidden = (reason = 'You do not have permission to do this') =>
  new DomainError('forbidden', reason);
export const invalid = (reason: string, problems: FieldProblem[] = []) =>
  new DomainError('invalid', reason, undefined, problems);
export const tooLarge = (reason: string) => new DomainError('tooLarge', reason);
/** No valid session: the client must log in (again); `code` tells the console which re-login to offer. */
export const unauthenticated = (reason: string, code?: number) =>
  new DomainError('unauthenticated', reason, code);

/**
 * A value the code above guarantees (a row `returning()` gave back, the first of a non-empty list). Its
 * absence is a bug, not a refusal: it throws a plain Error, which answers 500 and rolls the transaction back.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`internal: ${what} is missing`);
  return value;
}
