import { imagePath } from '@prepay/contracts/api-paths';
import { Button, Form } from 'antd';
import { type CSSProperties, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../lib/runtime-config';
import { CodeField, CredentialFields } from './login-fields';
import { LoginLanguage } from './login-language';
import { type LoginForm, useLogin } from './use-login';
import './login.css';

export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginForm>();
  const { captcha, captchaKnown, challenge, refresh, loading, onFinish } = useLogin(form);
  useEffect(refresh, [refresh]);

  return (
    <div
      className="login-container"
      data-testid="login-container"
      style={
        {
          '--login-photo': `url("${runtimeConfig().apiUrl}${imagePath('loginBackground')}")`,
        } as CSSProperties
      }
    >
      <div className="login-card" data-captcha={captchaKnown ? String(captcha) : 'asking'}>
        <div className="login-title">
          <h1>{t('login.title')}</h1>
          <LoginLanguage />
        </div>
        <Form<LoginForm> form={form} size="large" onFinish={onFinish} autoComplete="on" requiredMark={false}>
          <CredentialFields />
          {captcha && <CodeField challenge={challenge} onRefresh={refresh} />}
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
            {t('login.login')}
          </Button>
        </Form>
      </div>
    </div>
  );
}
