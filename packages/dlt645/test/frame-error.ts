import { FrameError } from '../src/index.js';

/** The code of the FrameError `f` throws, or undefined when it returns (any other error is rethrown). */
export function errorCode(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof FrameError) return e.code;
    throw e;
  }
  return undefined;
}
