import type { CaptchaChallenge } from '@prepay/contracts';
import { useCallback, useState } from 'react';
import { readCaptcha } from './api';

export type Challenge = Pick<CaptchaChallenge, 'captchaId' | 'image' | 'answer'>;

/**
 * The login verification code, drawn and checked by the server (POST /api/user/captcha): an SVG of
 * four digits; the server keeps only an HMAC of the code and accepts each challenge once. A wrong
 * code, or any failed login, uses the challenge up, so the page draws a new one.
 */
export function useCaptcha(enabled: boolean) {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const refresh = useCallback(() => {
    if (!enabled) return;
    setChallenge(null);
    readCaptcha()
      .then(setChallenge)
      .catch(() => setChallenge(null));
  }, [enabled]);
  return { challenge, refresh };
}

/**
 * The picture; a click draws a new one. `data-code` carries the code only when the server runs with
 * CAPTCHA_REVEAL_FOR_TESTS (the browser tests read it there); otherwise the page never knows the code.
 */
export function Captcha({
  challenge,
  onRefresh,
  title,
}: {
  challenge: Challenge | null;
  onRefresh: () => void;
  title: string;
}) {
  return (
    <button type="button" className="login-captcha" title={title} onClick={onRefresh}>
      {challenge ? (
        <img
          src={challenge.image}
          alt={title}
          width={100}
          height={38}
          {...(challenge.answer ? { 'data-code': challenge.answer } : {})}
          data-testid="captcha"
        />
      ) : (
        <span data-testid="captcha-loading" />
      )}
    </button>
  );
}
