import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PasswordKind, useModifyPassword } from './api';

interface Values {
  oldPassword: string;
  newPassword: string;
  checkPassword: string;
}

/** Profile → Login / Authorization Password: old, new and a check that must match (spec §5). */
export function PasswordForm({ kind, onChanged }: { kind: PasswordKind; onChanged?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const modify = useModifyPassword(kind);
  const required = { required: true, message: t('profile.passwordRequired') };

  const onFinish = ({ oldPassword, newPassword }: Values) =>
    modify.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          void message.success(t('profile.modifySuccess'));
          form.resetFields();
          onChanged?.();
        },
      },
    );

  return (
    <Form<Values> form={form} layout="vertical" style={{ maxWidth: 520 }} onFinish={onFinish}>
      <Form.Item name="oldPassword" label={t('profile.oldPassword')} rules={[required]}>
        <Input.Password autoComplete="current-password" data-testid={`${kind}-old`} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('profile.newPassword')}
        rules={[required, { min: 8, message: t('profile.passwordMin') }, { max: 128 }]}
      >
        <Input.Password autoComplete="new-password" data-testid={`${kind}-new`} />
      </Form.Item>
      <Form.Item
        name="checkPassword"
        label={t('profile.checkPassword')}
        dependencies={['newPassword']}
        rules={[
          required,
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('newPassword') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.inconsistent'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid={`${kind}-check`} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={modify.isPending} data-testid={`${kind}-submit`}>
        {t('profile.modify')}
      </Button>
    </Form>
  );
}
