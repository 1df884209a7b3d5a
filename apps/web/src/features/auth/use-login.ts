import { ErrorCode } from '@prepay/contracts/error-code';
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ERROR_MESSAGE_SECONDS, RequestError } from '../../lib/request';
import { runtimeConfig } from '../../lib/runtime-config';
import { login } from '../../lib/session';
import { useCaptcha } from './captcha';
import { redirectTarget } from './redirect-target';

export interface LoginForm {
  userId: string;
  password: string;
  code?: string;
}

/**
 * Signing in: the verification code (shown when config.js asks for it, the default, and whenever the
 * server demands it), the server's refusals as messages, then on to the page asked for.
 */
export function useLogin(form: FormInstance<LoginForm>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [loading, setLoading] = useState(false);
  const [serverAsked, setServerAsked] = useState(false);
  const captcha = runtimeConfig().captcha || serverAsked;
  const { challenge, refresh } = useCaptcha(captcha);

  /** The server's reason, or the translated words for the verification code's two refusals. */
  const report = (error: unknown) => {
    const code = error instanceof RequestError ? error.code : undefined;
    if (code === ErrorCode.captchaRequired) setServerAsked(true);
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
      // A one-time password: change it first, then on to the page asked for (issue 15).
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
  return { captcha, challenge, refresh, loading, onFinish };
}
