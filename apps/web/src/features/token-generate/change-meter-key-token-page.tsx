import { type AccountRow, TOKEN_PATHS } from '@prepay/contracts';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshList } from '../../components/list-page/list-page';
import { printReceipt, type ReceiptRecord, tokenReceipt } from '../../components/vending/receipt';
import { TokenText } from '../../components/vending/vending';
import { request } from '../../lib/request';
import { AccountTokenList, prefetchAccounts } from './account-list';

interface KeyChangeRecord extends ReceiptRecord {
  tokenFirst: string;
  tokenSecond: string;
  tokens: string[];
  confirmed: boolean;
}

function ChangeKeyDialog({ account, onClose }: { account: AccountRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ authorizationPassword: string; remark?: string }>();
  const [busy, setBusy] = useState(false);
  const [record, setRecord] = useState<KeyChangeRecord | null>(null);
  const refreshRecords = useRefreshList('changeMeterKeyTokenRecord');
  const title = t('route.changeMeterKeyToken');

  const generate = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      setRecord(
        await request<KeyChangeRecord>(TOKEN_PATHS.changeMeterKeyGenerate, {
          meterId: account.meterId,
          authorizationPassword: v.authorizationPassword,
          remark: v.remark?.trim() || null,
        }),
      );
      void refreshRecords();
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!record) return;
    setBusy(true);
    try {
      setRecord(
        await request<KeyChangeRecord>(TOKEN_PATHS.changeMeterKeyConfirm, {
          receiptId: record.receiptId,
        }),
      );
      void message.success(t('vending.key.confirmed'));
      void refreshRecords();
    } finally {
      setBusy(false);
    }
  };

  const tokens = record
    ? record.tokens.length
      ? record.tokens
      : [record.tokenFirst, record.tokenSecond]
    : [];

  return (
    <Modal
      open
      title={record ? t('vending.tokenGenerated') : title}
      onCancel={onClose}
      data-testid="change-key-dialog"
      footer={
        record
          ? [
              <Button key="close" data-testid="dialog-close" onClick={onClose}>
                {t('vending.close')}
              </Button>,
              <Button
                key="print"
                data-testid="print-receipt"
                onClick={() => printReceipt(t, tokenReceipt(t, title, record, [], tokens))}
              >
                {t('vending.printReceipt')}
              </Button>,
              !record.confirmed && (
                <Button
                  key="confirm"
                  type="primary"
                  loading={busy}
                  data-testid="key-confirm"
                  onClick={() => void confirm()}
                >
                  {t('vending.key.confirmAccepted')}
                </Button>
              ),
            ]
          : [
              <Button key="c" onClick={onClose}>
                {t('vending.cancel')}
              </Button>,
              <Button
                key="ok"
                type="primary"
                loading={busy}
                data-testid="generate-submit"
                onClick={() => void generate()}
              >
                {t('vending.generateToken')}
              </Button>,
            ]
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'c', label: t('vending.customerId'), children: account.customerId },
          { key: 'n', label: t('vending.customerName'), children: account.customerName },
          { key: 'm', label: t('vending.meterId'), children: account.meterId },
        ]}
      />
      {record ? (
        <>
          <Typography.Paragraph>
            {t('vending.receiptId')}: <strong data-testid="receipt-id">{record.receiptId}</strong>{' '}
            {record.confirmed ? (
              <Tag color="green">{t('vending.key.confirmedTag')}</Tag>
            ) : (
              <Tag>{t('vending.key.pending')}</Tag>
            )}
          </Typography.Paragraph>
          <Space orientation="vertical">
            {tokens.map((tok, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the tokens are entered in this order.
              <Space key={i} wrap>
                <span>{i + 1}.</span>
                <TokenText token={tok} testId={`key-token-${i}`} />
              </Space>
            ))}
          </Space>
          {!record.confirmed && (
            <Alert type="info" showIcon title={t('vending.key.confirmHint')} style={{ marginTop: 12 }} />
          )}
        </>
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item
            name="authorizationPassword"
            label={t('vending.authorizationPassword')}
            rules={[{ required: true, message: t('vending.validation.required') }]}
          >
            <Input.Password data-testid="authorization-password" autoComplete="off" />
          </Form.Item>
          <Form.Item name="remark" label={t('vending.remark')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Change Meter Key Token: two tokens (four for EA11) from the current key to the meter's new fields. */
/** The page's first read, started with its code by the menu or the router (issue 17). */
export const prefetch = prefetchAccounts('changeMeterKeyAccounts');

export default function ChangeMeterKeyTokenPage() {
  const { t } = useTranslation();
  const [account, setAccount] = useState<AccountRow | null>(null);
  return (
    <>
      <AccountTokenList
        resource="changeMeterKeyAccounts"
        actionLabel={t('vending.generateToken')}
        onAction={setAccount}
      />
      {account && (
        <ChangeKeyDialog key={account.meterId} account={account} onClose={() => setAccount(null)} />
      )}
    </>
  );
}
