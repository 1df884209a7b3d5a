// Its own module without zod, so the login page can read the codes without the schemas.
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
  /**
   * The database cannot take the request right now (a failover to the standby is under way): nothing was
   * written. HTTP 503 with Retry-After; send the same request again, with the same idempotency key.
   */
  unavailable: 503,
  /** The login needs the verification code (a challenge from /api/user/captcha) and none was sent. */
  captchaRequired: 1101,
  /** The verification code was wrong, expired or already used; fetch a new challenge. */
  captchaInvalid: 1102,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
