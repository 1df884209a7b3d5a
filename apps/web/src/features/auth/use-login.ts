import { ErrorCode } from '@prepay/contracts/error-code';
import { App, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ERROR_MESSAGE_SECONDS, RequestError } from '../../lib/request';
import { login } from '../../lib/session';
import { readCaptchaNeeded } from './api';
import { useCaptcha } from './captcha';
import { redirectTarget } from './redirect-target';

export interface LoginForm {
  userId: string;
  password: string;
  code?: string;
}

/**
 * Whether the page shows the verification code: null while the server is asked on opening (it demands
 * the code on every login, or after recent failures from this address), true once it says so or
 * refuses a login for want of the code. A failed question leaves it off: the refusal still turns it on.
 */
function useCodeNeeded() {
  const [needed, setNeeded] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    readCaptchaNeeded()
      .then((answer) => live && setNeeded((was) => was || answer.needed))
      .catch(() => live && setNeeded((was) => was ?? false));
    return () => {
      live = false;
    };
  }, []);
  return { needed, demand: () => setNeeded(true) };
}

/**
 * Signing in: the verification code when the server asks for it (see useCodeNeeded), the server's
 * refusals as messages, then on to the page asked for.
 */
export function useLogin(form: FormInstance<LoginForm>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [loading, setLoading] = useState(false);
  const { needed, demand } = useCodeNeeded();
  const captcha = needed === true;
  const { challenge, refresh } = useCaptcha(captcha);

  /** The server's reason, or the translated words for the verification code's two refusals. */
  const report = (error: unknown) => {
    const code = error instanceof RequestError ? error.code : undefined;
    if (code === ErrorCode.captchaRequired) demand();
    if (code === ErrorCode.captchaInvalid || code === ErrorCode.captchaRequired) {
      void message.error(t(code === ErrorCode.captchaInvalid ? 'login.codeError' : 'login.codeRequired'));
      return;
    }
    const content = error instanceof Error && error.message ? error.message : t('login.hasError');
    void message.error({ content, duration: ERROR_MESSAGE_SECONDS });
  };

  const onFinish = async (values: LoginForm) => {
    setLoading(true);
    try {
      const answer =
        captcha && challenge
          ? { captchaId: challenge.captchaId, captchaCode: values.code?.trim() ?? '' }
          : undefined;
      const { mustChangePassword } = await login(values.userId, values.password, answer);
      if (mustChangePassword) void message.warning({ content: t('login.mustChangePassword'), duration: 8 });
      const target = redirectTarget(location.search);
      // A one-time password: change it first, then on to the page asked for.
      const first = `/profile/index?tab=loginPassword&redirect=${encodeURIComponent(target)}`;
      navigate(mustChangePassword ? first : target, { replace: true });
    } catch (error) {
      // Spec §5: the reason is shown and a new code drawn (the server has used this one up).
      report(error);
      refresh();
      form.setFieldValue('code', '');
    } finally {
      setLoading(false);
    }
  };
  return { captcha, captchaKnown: needed !== null, challenge, refresh, loading, onFinish };
}
