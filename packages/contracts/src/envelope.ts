import { z } from 'zod';

export { ErrorCode, type ErrorCodeValue } from './error-code.js';

/** The envelope every POST answer carries. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({
    code: z.number().int(),
    reason: z.string(),
    message: z.string(),
    result: result.nullable(),
  });
}

export type Envelope<T> = { code: number; reason: string; message: string; result: T | null };

/** Validation failures name the offending fields. */
export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;
