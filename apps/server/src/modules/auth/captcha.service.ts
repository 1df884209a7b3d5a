import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { refuse } from '../../lib/domain-errors.js';
import { insertCaptcha, openCaptchasOf, purgeExpiredCaptchas, takeCaptcha } from './captcha.repo.js';
import { captchaSvg } from './captcha-image.js';
import { loadSecret } from './session.repo.js';

/** A challenge is good for five minutes and for one login attempt. */
const TTL_SECONDS = 300;
/** Unanswered challenges one client address may hold at once (each is a row). */
const MAX_OPEN_PER_ADDRESS = 30;

/**
 * The login verification code, issued and checked by the server (no external service): a 4-digit code
 * drawn as an SVG, stored only as an HMAC under a key derived from the server secret, with an expiry,
 * and deleted by the first login that names it — right or wrong.
 */
export function createCaptchaService(db: Db, config: Config, clock: Clock) {
  const key = loadSecret(db, config.jwtSecret).then((secret) =>
    createHmac('sha256', secret).update('login-captcha').digest(),
  );
  const digest = async (captchaId: string, code: string) =>
    createHmac('sha256', await key)
      .update(`${captchaId}:${code}`)
      .digest();

  async function issue(ipAddress: string | null) {
    const now = clock.now();
    const address = ipAddress ?? 'unknown';
    if ((await openCaptchasOf(db, address, now)) >= MAX_OPEN_PER_ADDRESS) {
      throw refuse('Too many verification codes requested from your address: try again in a few minutes');
    }
    // Expired challenges go as new ones come (a refused request above changes nothing).
    await purgeExpiredCaptchas(db, now);
    const captchaId = randomUUID();
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    await insertCaptcha(db, {
      captchaId,
      codeHash: (await digest(captchaId, code)).toString('hex'),
      ipAddress: address,
      expiresAt: new Date(now.getTime() + TTL_SECONDS * 1000),
    });
    return {
      captchaId,
      image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(code)).toString('base64')}`,
      expiresInSeconds: TTL_SECONDS,
      ...(config.captchaRevealForTests ? { answer: code } : {}),
    };
  }

  /** True when the code answers the challenge; the challenge is used up either way. */
  async function verify(captchaId: string, code: string): Promise<boolean> {
    const row = await takeCaptcha(db, captchaId);
    if (!row || row.expiresAt <= clock.now()) return false;
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = await digest(captchaId, code.trim());
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  return { issue, verify };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
