import type { AUTH_API } from '@prepay/contracts';
// The deep entry keeps zod out of the login page (bundle-size budget): endpoints by path, typed only.
import { USER_PATHS } from '@prepay/contracts/api-paths';
import { call, endpointAt } from '../../lib/call';

const CAPTCHA = endpointAt<typeof AUTH_API.captcha>(USER_PATHS.captcha);

/** A fresh login verification code. */
export const readCaptcha = () => call(CAPTCHA, undefined, { silent: true });
