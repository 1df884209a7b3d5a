import type { UserInfo } from '@prepay/contracts';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type InfoForm, useUpdateInfo } from './api';

/** Profile → Information. */
export function InformationForm({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateInfo();
  const onFinish = (values: InfoForm) =>
    update.mutate(values, { onSuccess: () => void message.success(t('profile.modifySuccess')) });

  return (
    <Form<InfoForm>
      layout="vertical"
      style={{ maxWidth: 520 }}
      initialValues={{
        nickName: info.nickName ?? '',
        fullName: info.fullName ?? '',
        email: info.email ?? '',
        phone: info.phone ?? '',
        address: info.address ?? '',
        introduction: info.introduction ?? '',
      }}
      onFinish={onFinish}
    >
      <Form.Item label={t('profile.userId')}>
        <Input value={info.userId} disabled />
      </Form.Item>
      <Form.Item name="nickName" label={t('profile.nickName')} rules={[{ max: 64 }]}>
        <Input data-testid="profile-nickname" />
      </Form.Item>
      <Form.Item name="fullName" label={t('profile.fullName')} rules={[{ max: 128 }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('profile.email')}
        rules={[{ type: 'email', message: t('profile.emailInvalid') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="phone" label={t('profile.phone')} rules={[{ max: 32 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="address" label={t('profile.address')} rules={[{ max: 256 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="introduction" label={t('profile.introduction')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-info-submit">
        {t('profile.modify')}
      </Button>
    </Form>
  );
}
