import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';

export { createSessionService } from './session.service.js';
export { proofColumns, proofJoins, type SessionProof, sessionProofOf } from './session-proof.repo.js';

/** A check of a user's authorization password (the second password that guards vends). */
export type AuthorizationPasswordCheck = (userId: string, password: string) => Promise<void>;

/**
 * Login, logout, the profile and passwords. Sessions themselves are made by createSessionService before
 * the modules (http/ resolves every request's session); `checkAuthorizationPassword` is what the vend
 * asks before it issues a token.
 */
export function authModule(
  deps: Deps,
): ServerModule & { checkAuthorizationPassword: AuthorizationPasswordCheck } {
  const auth = createAuthService(deps);
  return {
    routes: authRoutes(auth),
    checkAuthorizationPassword: auth.checkAuthorizationPassword,
    install(app) {
      if (deps.config.captchaRevealForTests)
        app.log.warn(
          'CAPTCHA_REVEAL_FOR_TESTS is on: login verification codes are sent in clear (tests only)',
        );
    },
  };
}
