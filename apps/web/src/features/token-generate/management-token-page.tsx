import { type AccountRow, type ManagementTokenRecord, TOKEN_PATHS } from '@prepay/contracts';
import { Alert, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshList } from '../../components/list-page/list-page';
import { checkInteger, checkOverdraft } from '../../components/vending/amount';
import { printReceipt, tokenReceipt } from '../../components/vending/receipt';
import { TokenText } from '../../components/vending/vending';
import { request } from '../../lib/request';
import { AccountTokenList } from './account-list';

/** The value a management token carries: none, whole watts, or a money amount. */
type ValueKind =
  | { field: 'maximumPower' | 'maximumPhasePowerUnbalance'; kind: 'watts' }
  | { field: 'maximumOverdraft'; kind: 'overdraft' };

export interface ManagementKind {
  /** List resource of the account grid, and of the record grid to refresh after a token. */
  resource: string;
  recordResource: string;
  path: string;
  /** Route title key (the dialog and receipt title). */
  title: string;
  value?: ValueKind;
}

/** Contract bound of the watt values (the STS class 2 register range). */
const MAX_WATTS = 18_201_624;

function GenerateDialog({
  account,
  kind,
  onClose,
}: {
  account: AccountRow;
  kind: ManagementKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ value?: string; remark?: string }>();
  const [busy, setBusy] = useState(false);
  const [record, setRecord] = useState<ManagementTokenRecord | null>(null);
  const refreshRecords = useRefreshList(kind.recordResource);
  const title = t(kind.title);
  const valueLabel = kind.value ? t(`vending.${kind.value.field}`) : '';

  const generate = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body: Record<string, unknown> = { meterId: account.meterId, remark: v.remark?.trim() || null };
      if (kind.value) body[kind.value.field] = Number(String(v.value).trim());
      setRecord(await request<ManagementTokenRecord>(kind.path, body));
      void refreshRecords();
    } finally {
      setBusy(false);
    }
  };

  const valueRule = {
    validator: (_: unknown, raw: string) => {
      if (raw === undefined || raw === null || String(raw).trim() === '')
        return Promise.reject(new Error(t('vending.validation.required')));
      const err = kind.value?.kind === 'overdraft' ? checkOverdraft(raw) : checkInteger(raw, 0, MAX_WATTS);
      return err
        ? Promise.reject(new Error(t(`vending.validation.${err}`, { min: 0, max: MAX_WATTS })))
        : Promise.resolve();
    },
  };

  const extraLines = (r: ManagementTokenRecord): Array<[string, string]> =>
    kind.value ? [[valueLabel, String(r[kind.value.field] ?? '')]] : [];

  return (
    <Modal
      open
      title={record ? t('vending.tokenGenerated') : title}
      onCancel={onClose}
      data-testid="generate-dialog"
      footer={
        record
          ? [
              <Button key="close" data-testid="dialog-close" onClick={onClose}>
                {t('vending.close')}
              </Button>,
              <Button
                key="print"
                type="primary"
                data-testid="print-receipt"
                onClick={() => printReceipt(t, tokenReceipt(t, title, record, extraLines(record)))}
              >
                {t('vending.printReceipt')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
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
          { key: 't', label: t('vending.tariffId'), children: account.tariffId },
        ]}
      />
      {record ? (
        <>
          <Alert type="success" showIcon title={title} style={{ margin: '12px 0' }} />
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'r',
                label: t('vending.receiptId'),
                children: <span data-testid="receipt-id">{record.receiptId}</span>,
              },
              ...extraLines(record).map(([label, value]) => ({ key: label, label, children: value })),
              { key: 'tok', label: t('vending.token'), children: <TokenText token={record.token} /> },
            ]}
          />
        </>
      ) : (
        <Form form={form} layout="vertical" onFinish={() => void generate()}>
          {kind.value && (
            <Form.Item name="value" label={valueLabel} rules={[valueRule]}>
              <Input data-testid="token-value" inputMode="decimal" autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="remark" label={t('vending.remark')}>
            <Input.TextArea data-testid="token-remark" rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Clear tamper / clear credit / maximum power / overdraft / phase unbalance: accounts, Generate Token per row. */
export function ManagementTokenPage({ kind }: { kind: ManagementKind }) {
  const { t } = useTranslation();
  const [account, setAccount] = useState<AccountRow | null>(null);
  return (
    <>
      <AccountTokenList
        resource={kind.resource}
        actionLabel={t('vending.generateToken')}
        onAction={setAccount}
      />
      {account && (
        <GenerateDialog
          key={account.meterId}
          account={account}
          kind={kind}
          onClose={() => setAccount(null)}
        />
      )}
    </>
  );
}

export const MANAGEMENT_KINDS = {
  clearTamper: {
    resource: 'clearTamperTokenAccounts',
    recordResource: 'clearTamperTokenRecord',
    path: TOKEN_PATHS.clearTamperGenerate,
    title: 'route.clearTamperToken',
  },
  clearCredit: {
    resource: 'clearCreditTokenAccounts',
    recordResource: 'clearCreditTokenRecord',
    path: TOKEN_PATHS.clearCreditGenerate,
    title: 'route.clearCreditToken',
  },
  maxPower: {
    resource: 'maxPowerTokenAccounts',
    recordResource: 'setMaximumPowerLimitTokenRecord',
    path: TOKEN_PATHS.maximumPowerGenerate,
    title: 'route.setMaximumPowerLimitToken',
    value: { field: 'maximumPower', kind: 'watts' },
  },
  maxOverdraft: {
    resource: 'maxOverdraftTokenAccounts',
    recordResource: 'setMaximumOverdraftLimitTokenRecord',
    path: TOKEN_PATHS.maximumOverdraftGenerate,
    title: 'route.setMaximumOverdraftToken',
    value: { field: 'maximumOverdraft', kind: 'overdraft' },
  },
  maxPhaseUnbalance: {
    resource: 'maxPhaseUnbalanceTokenAccounts',
    recordResource: 'setMaximumPhasePowerUnbalanceLimitTokenRecord',
    path: TOKEN_PATHS.maximumPhaseUnbalanceGenerate,
    title: 'route.setMaximumPhasePowerUnbalanceLimitToken',
    value: { field: 'maximumPhasePowerUnbalance', kind: 'watts' },
  },
} satisfies Record<string, ManagementKind>;
