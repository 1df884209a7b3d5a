import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCode } from '@prepay/contracts/error-code';
import { Alert, App, Button, Form, Input } from 'antd';
import { type CSSProperties, type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ERROR_MESSAGE_SECONDS, RequestError } from '../../lib/request';
import { runtimeConfig } from '../../lib/runtime-config';
import { login } from '../../lib/session';
import { Captcha, useCaptcha } from './captcha';
import { LoginLanguage } from './login-language';
import { redirectTarget } from './redirect-target';
import './login.css';

interface LoginForm {
  userId: string;
  password: string;
  code?: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<LoginForm>();
  const [capsLock, setCapsLock] = useState(false);
  const [loading, setLoading] = useState(false);
  // Shown when config.js asks for it (the default), and whenever the server demands the code.
  const [serverAsked, setServerAsked] = useState(false);
  const captcha = runtimeConfig().captcha || serverAsked;
  const { challenge, refresh } = useCaptcha(captcha);
  useEffect(refresh, [refresh]);

  const checkCapsLock = (e: KeyboardEvent) => setCapsLock(e.getModifierState?.('CapsLock') ?? false);

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

  return (
    <div
      className="login-container"
      data-testid="login-container"
      style={
        {
          '--login-photo': `url("${runtimeConfig().apiUrl}/api/image/file/loginBackground")`,
        } as CSSProperties
      }
    >
      <div className="login-card">
        <div className="login-title">
          <h1>{t('login.title')}</h1>
          <LoginLanguage />
        </div>
        <Form<LoginForm> form={form} size="large" onFinish={onFinish} autoComplete="on" requiredMark={false}>
          <Form.Item
            name="userId"
            normalize={(v: string) => v.trimStart()}
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.username')}
              autoComplete="username"
              autoFocus
              data-testid="login-username"
            />
          </Form.Item>
          <Form.Item
            name="password"
            rules={[{ required: true, whitespace: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              autoComplete="current-password"
              onKeyUp={checkCapsLock}
              onKeyDown={checkCapsLock}
              onBlur={() => setCapsLock(false)}
              data-testid="login-password"
            />
          </Form.Item>
          {capsLock && <Alert className="login-caps" type="warning" showIcon title={t('login.capsLock')} />}
          {captcha && (
            <Form.Item extra={t('login.verificationCodeTips')}>
              <div className="login-code-row">
                <Form.Item
                  name="code"
                  noStyle
                  rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
                >
                  <Input
                    prefix={<SafetyOutlined />}
                    placeholder={t('login.verificationCode')}
                    maxLength={4}
                    inputMode="numeric"
                    autoComplete="off"
                    data-testid="login-code"
                  />
                </Form.Item>
                <Captcha challenge={challenge} onRefresh={refresh} title={t('login.verificationCodeTips')} />
              </div>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
            {t('login.login')}
          </Button>
        </Form>
      </div>
    </div>
  );
}
