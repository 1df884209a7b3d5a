import { Form, Input } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';

/**
 * The authorization password a vend, a key change or a cancel asks for: required, never filled in by
 * the browser. Props go to the password input (ref, focus, Enter); its test id is `authorization-password`
 * unless `data-testid` says otherwise.
 */
export function AuthorizationPasswordItem(props: ComponentProps<typeof Input.Password>) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="authorizationPassword"
      label={t('vending.authorizationPassword')}
      rules={[{ required: true, message: t('vending.validation.required') }]}
    >
      <Input.Password data-testid="authorization-password" autoComplete="off" {...props} />
    </Form.Item>
  );
}
