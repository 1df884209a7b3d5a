/**
 * A fault with a stable `code` for callers (to log, count and map without parsing messages) and a message
 * for people. Each protocol package raises its own subclass, with its own codes and its own name.
 */
export class CodedError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}
