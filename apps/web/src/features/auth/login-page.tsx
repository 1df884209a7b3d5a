import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input } from 'antd';
import { type CSSProperties, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { runtimeConfig } from '../../lib/runtime-config';
import { login } from '../../lib/session';
import { Captcha, randomCode } from './captcha';
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
  const [code, setCode] = useState(randomCode);
  const [capsLock, setCapsLock] = useState(false);
  const [loading, setLoading] = useState(false);
  const captcha = runtimeConfig().captcha;

  const checkCapsLock = (e: KeyboardEvent) => setCapsLock(e.getModifierState?.('CapsLock') ?? false);

  const onFinish = async (values: LoginForm) => {
    if (captcha && values.code?.trim() !== code) {
      // Spec §5: a wrong code is reported and replaced by a new one.
      void message.error(t('login.codeError'));
      setCode(randomCode());
      form.setFieldValue('code', '');
      return;
    }
    setLoading(true);
    try {
      const { mustChangePassword } = await login(values.userId, values.password);
      if (mustChangePassword) void message.warning({ content: t('login.mustChangePassword'), duration: 8 });
      const target = redirectTarget(location.search);
      // A one-time password: change it first, then on to the page asked for (issue 15).
      const first = `/profile/index?tab=loginPassword&redirect=${encodeURIComponent(target)}`;
      navigate(mustChangePassword ? first : target, { replace: true });
    } catch {
      // The request layer has shown the reason; a fresh code stops replaying the same attempt.
      setCode(randomCode());
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
                <Captcha
                  code={code}
                  onRefresh={() => setCode(randomCode())}
                  title={t('login.verificationCodeTips')}
                />
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
