import type { ChangeMeterKeyRecord } from '@prepay/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshList } from '../../components/list-page/list-page';
import { RemarkItem } from '../../components/remark-item';
import { AuthorizationPasswordItem } from '../../components/vending/authorization-password';
import { printReceipt, tokenReceipt } from '../../components/vending/receipt';
import { TokenText } from '../../components/vending/vending';
import { type AccountDialogProps, accountDialogPage } from './account-list';
import { changeMeterKey, confirmKeyChange } from './api';
import { PrintReceiptButton, TokenDialog } from './token-dialog';

interface KeyChangeForm {
  authorizationPassword: string;
  remark?: string;
}

/** The tokens in the order the meter takes them: four for EA11, else the first and the second. */
const tokensOf = (r: ChangeMeterKeyRecord) => (r.tokens.length ? r.tokens : [r.tokenFirst, r.tokenSecond]);

/** Generate, then confirm once the meter took the tokens; both refresh the key change records. */
function useKeyChange(meterId: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refreshRecords = useRefreshList('changeMeterKeyTokenRecord');
  const [record, setRecord] = useState<ChangeMeterKeyRecord | null>(null);
  const generate = useMutation({
    mutationFn: (v: KeyChangeForm) =>
      changeMeterKey({
        meterId,
        authorizationPassword: v.authorizationPassword,
        remark: v.remark?.trim() || null,
      }),
    onSuccess: (r) => {
      setRecord(r);
      void refreshRecords();
    },
  });
  const confirm = useMutation({
    mutationFn: confirmKeyChange,
    onSuccess: (r) => {
      setRecord(r);
      void message.success(t('vending.key.confirmed'));
      void refreshRecords();
    },
  });
  return { record, generate, confirm };
}

/** The receipt number, whether the meter confirmed, and the tokens to enter. */
function KeyChangeResult({ record }: { record: ChangeMeterKeyRecord }) {
  const { t } = useTranslation();
  return (
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
        {tokensOf(record).map((tok, i) => (
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
  );
}

function ChangeKeyDialog({ account, onClose }: AccountDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<KeyChangeForm>();
  const { record, generate, confirm } = useKeyChange(account.meterId);
  const title = t('route.changeMeterKeyToken');
  const print = (r: ChangeMeterKeyRecord) => printReceipt(t, tokenReceipt(t, title, r, [], tokensOf(r)));
  const doneActions = record && [
    <PrintReceiptButton key="print" onClick={() => print(record)} />,
    !record.confirmed && (
      <Button
        key="confirm"
        type="primary"
        loading={confirm.isPending}
        data-testid="key-confirm"
        onClick={() => confirm.mutate(record.receiptId)}
      >
        {t('vending.key.confirmAccepted')}
      </Button>
    ),
  ];
  return (
    <TokenDialog
      title={title}
      testId="change-key-dialog"
      account={account}
      onClose={onClose}
      doneActions={doneActions}
      generate={{
        label: t('vending.generateToken'),
        testId: 'generate-submit',
        busy: generate.isPending,
        onClick: () => void form.validateFields().then((v) => generate.mutate(v)),
      }}
    >
      {record ? (
        <KeyChangeResult record={record} />
      ) : (
        <Form form={form} layout="vertical">
          <AuthorizationPasswordItem />
          <RemarkItem label={t('vending.remark')} />
        </Form>
      )}
    </TokenDialog>
  );
}

const page = accountDialogPage({
  resource: 'changeMeterKeyAccounts',
  actionLabel: 'vending.generateToken',
  Dialog: ChangeKeyDialog,
});
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = page.prefetch;
/** Change Meter Key Token: two tokens (four for EA11) from the current key to the meter's new fields. */
export default page.Page;
