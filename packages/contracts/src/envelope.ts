import { z } from 'zod';

export { ErrorCode, type ErrorCodeValue } from './error-code.js';

/** The envelope every POST answer carries. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({
    code: z.number().int(),
    reason: z.string(),
    message: z.string(),
    result: result.nullable(),
    /** A refusal's figures (e.g. what a payment must cover), for a console that words it itself. */
    detail: z.record(z.string(), z.unknown()).optional(),
  });
}

export type Envelope<T> = {
  code: number;
  reason: string;
  message: string;
  result: T | null;
  detail?: Record<string, unknown>;
};

/** Validation failures name the offending fields. */
export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;
