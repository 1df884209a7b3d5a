import {
  type ResultOf,
  VENDOR_API,
  VENDOR_PATHS,
  type VendorRow,
  type VendorStatementRow,
} from '@prepay/contracts';
import { App, Drawer, Form, Grid, Input, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { optionColumn } from '../../components/list-page/common-columns';
import { FormModal } from '../../components/list-page/form-modal';
import { ListPage } from '../../components/list-page/list-page';
import { ShownOnceDialog } from '../../components/shown-once-dialog';
import { AuthorizationPasswordItem } from '../../components/vending/authorization-password';
import { issueCredential, moveFloat } from './api';
import { fileModuleOf, movementOptions } from './channel-words';
import './locales';

export type IssuedSecret = ResultOf<typeof VENDOR_API.credential>;

/** The secret the server just issued, shown once with a copy button; closing forgets it. */
export function SecretDialog({ issued, onClose }: { issued: IssuedSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      title={t('channel.vendor.credentialTitle', { id: issued?.vendorId })}
      hint={t('channel.vendor.secretHint')}
      holderLabel={t('channel.vendor.username')}
      shown={
        issued && {
          holder: issued.username,
          secrets: [
            { label: t('channel.vendor.secret'), value: issued.secret, testId: 'vendor-secret-value' },
          ],
        }
      }
      testId="vendor-secret"
      closeTestId="secret-close"
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t('channel.vendor.issuedDate')}: {issued?.issuedDate}
      </Typography.Paragraph>
    </ShownOnceDialog>
  );
}

type CredentialForm = { authorizationPassword: string };

/** Issue or rotate: the authorization password, then the secret shown once. */
export function CredentialDialog(p: {
  vendor: VendorRow | null;
  onClose: () => void;
  onIssued: (s: IssuedSecret) => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<CredentialForm>();
  useEffect(() => {
    if (p.vendor) form.resetFields();
  }, [p.vendor, form]);
  const rotate = p.vendor?.hasCredential === true;
  return (
    <FormModal<CredentialForm>
      open={p.vendor !== null}
      title={t(rotate ? 'channel.vendor.rotate' : 'channel.vendor.issue')}
      width={screens.sm ? 440 : '100%'}
      okText={t(rotate ? 'channel.vendor.rotate' : 'channel.vendor.issue')}
      okTestId="credential-submit"
      form={form}
      testId="credential-form"
      onClose={p.onClose}
      onSubmit={async (v) => {
        if (!p.vendor) return;
        p.onIssued(
          await issueCredential({
            vendorId: p.vendor.vendorId,
            authorizationPassword: v.authorizationPassword,
          }),
        );
      }}
    >
      {rotate && (
        <Typography.Paragraph type="warning">{t('channel.vendor.credentialConfirm')}</Typography.Paragraph>
      )}
      <AuthorizationPasswordItem />
    </FormModal>
  );
}

type FloatForm = {
  kind: 'topUp' | 'adjustment';
  amount: string;
  remark: string;
  authorizationPassword: string;
};

/** A top-up or an adjustment of the float, with the authorization password. */
export function FloatDialog(p: {
  vendor: VendorRow | null;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<FloatForm>();
  useEffect(() => {
    if (p.vendor) form.setFieldsValue({ kind: 'topUp', amount: '', remark: '', authorizationPassword: '' });
  }, [p.vendor, form]);
  return (
    <FormModal<FloatForm>
      open={p.vendor !== null}
      title={t('channel.vendor.floatTitle', { id: p.vendor?.vendorId })}
      width={screens.sm ? 480 : '100%'}
      okText={t('listPage.confirm')}
      okTestId="float-submit"
      form={form}
      testId="float-form"
      onClose={p.onClose}
      onSubmit={async (v) => {
        if (!p.vendor) return;
        const row = await moveFloat({ ...v, vendorId: p.vendor.vendorId });
        void message.success(t('channel.vendor.floatDone', { balance: row.balance.toFixed(2) }));
        await p.onDone();
      }}
    >
      <Typography.Paragraph>
        {t('channel.vendor.balance')}: <b>{p.vendor?.balance.toFixed(2)}</b>
      </Typography.Paragraph>
      <Form.Item name="kind" label={t('channel.vendor.movementKind')}>
        <Select data-testid="float-kind" options={movementOptions(t, ['topUp', 'adjustment'])} />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('channel.vendor.amount')}
        extra={t('channel.vendor.amountHint')}
        rules={[
          { required: true, message: t('validation.required') },
          { pattern: /^-?\d{1,13}(\.\d{1,2})?$/, message: t('validation.money') },
        ]}
      >
        <Input data-testid="float-amount" inputMode="decimal" />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('channel.vendor.reason')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input data-testid="float-remark" maxLength={500} />
      </Form.Item>
      <AuthorizationPasswordItem />
    </FormModal>
  );
}

/** The vendor's float ledger, newest first, with its download. */
export function StatementDrawer({ vendor, onClose }: { vendor: VendorRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const kinds = movementOptions(t);
  return (
    <Drawer
      open={vendor !== null}
      title={t('channel.vendor.statementTitle', { id: vendor?.vendorId })}
      size={screens.md ? 960 : '100%'}
      onClose={onClose}
      destroyOnHidden
      data-testid="statement-drawer"
    >
      {vendor && (
        <ListPage<VendorStatementRow>
          resource={`vendor-statement-${vendor.vendorId}`}
          testId="vendor-statement"
          read={VENDOR_API.statement}
          extraBody={{ vendorId: vendor.vendorId }}
          rowKey={(r) => String(r.id)}
          exportModule={fileModuleOf(VENDOR_PATHS.statementExport)}
          exportFileName={`statement-${vendor.vendorId}`}
          columns={[
            { key: 'createDate', title: t('listPage.createTime'), sort: true, width: 170 },
            { ...optionColumn('movementKind', t('channel.vendor.movementKind'), kinds, 120) },
            { key: 'amount', title: t('channel.vendor.amount'), sort: true, width: 120 },
            { key: 'balanceAfter', title: t('channel.vendor.balanceAfter'), width: 130 },
            { key: 'commission', title: t('channel.vendor.commission'), width: 110, optional: true },
            { key: 'messageId', title: t('channel.vendor.messageId'), width: 200, ellipsis: true },
            { key: 'remark', title: t('listPage.remark'), width: 160, ellipsis: true },
          ]}
        />
      )}
    </Drawer>
  );
}
