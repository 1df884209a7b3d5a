import { z } from 'zod';

/** Codes carried in the envelope's `code`. 0 is success; the 5000x codes make the console offer a re-login. */
export const ErrorCode = {
  success: 0,
  /** A business rule refused the request (the reason says which). */
  business: 1,
  invalidLogin: 1,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  /** Illegal token / other client logged in / token expired — the console answers with "Confirm logout". */
  illegalToken: 50008,
  otherClientLoggedIn: 50012,
  tokenExpired: 50014,
  queryFailed: 99,
  internal: 500,
  /** The login needs the verification code (a challenge from /api/user/captcha) and none was sent. */
  captchaRequired: 1101,
  /** The verification code was wrong, expired or already used; fetch a new challenge. */
  captchaInvalid: 1102,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The envelope every POST answer carries (original-api.md §2). */
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
