import type { AUTH_API } from '@prepay/contracts';
// The deep entry keeps zod out of the login page (bundle-size budget): endpoints by path, typed only.
import { USER_PATHS } from '@prepay/contracts/api-paths';
import { call, endpointAt } from '../../lib/call';

const CAPTCHA = endpointAt<typeof AUTH_API.captcha>(USER_PATHS.captcha);
const CAPTCHA_NEEDED = endpointAt<typeof AUTH_API.captchaNeeded>(USER_PATHS.captchaNeeded);

/** A fresh login verification code. */
export const readCaptcha = () => call(CAPTCHA, undefined, { silent: true });

/** Whether the server will demand the code on a login from here now (for this name, when given). */
export const readCaptchaNeeded = (userId?: string) =>
  call(CAPTCHA_NEEDED, userId ? { userId } : {}, { silent: true });
