import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Form, Input } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Captcha, type Challenge } from './captcha';

/** User name and password; a Caps Lock warning while it is on. */
export function CredentialFields() {
  const { t } = useTranslation();
  const [capsLock, setCapsLock] = useState(false);
  const checkCapsLock = (e: KeyboardEvent) => setCapsLock(e.getModifierState?.('CapsLock') ?? false);
  return (
    <>
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
    </>
  );
}

/** The verification code field next to the server's picture (a click draws a new one). */
export function CodeField({ challenge, onRefresh }: { challenge: Challenge | null; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
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
        <Captcha challenge={challenge} onRefresh={onRefresh} title={t('login.verificationCodeTips')} />
      </div>
    </Form.Item>
  );
}
