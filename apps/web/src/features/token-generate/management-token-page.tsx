import type { ManagementTokenKind, ManagementTokenRecord } from '@prepay/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshList } from '../../components/list-page/list-page';
import { RemarkItem } from '../../components/remark-item';
import { checkInteger, checkOverdraft } from '../../components/vending/amount';
import { AuthorizationPasswordItem } from '../../components/vending/authorization-password';
import { printReceipt, tokenReceipt } from '../../components/vending/receipt';
import { type AccountDialogProps, accountDialogPage } from './account-list';
import { generateManagementToken } from './api';
import { PrintReceiptButton, ReceiptLines, TokenDialog } from './token-dialog';

/** The value a management token carries: none, whole watts, or a money amount. */
type ValueKind =
  | { field: 'maximumPower' | 'maximumPhasePowerUnbalance'; kind: 'watts' }
  | { field: 'maximumOverdraft'; kind: 'overdraft' };

export interface ManagementKind {
  /** List resource of the account grid, and of the record grid to refresh after a token. */
  resource: string;
  recordResource: string;
  token: ManagementTokenKind;
  /** Route title key (the dialog and receipt title). */
  title: string;
  value?: ValueKind;
}

/** Contract bound of the watt values (the STS class 2 register range). */
const MAX_WATTS = 18_201_624;

interface ValueForm {
  value?: string;
  authorizationPassword: string;
  remark?: string;
}

/** The value's check: whole watts within the register, or an overdraft amount. */
function useValueRule(kind: ManagementKind) {
  const { t } = useTranslation();
  return {
    validator: (_: unknown, raw: string) => {
      if (raw === undefined || raw === null || String(raw).trim() === '')
        return Promise.reject(new Error(t('vending.validation.required')));
      const err = kind.value?.kind === 'overdraft' ? checkOverdraft(raw) : checkInteger(raw, 0, MAX_WATTS);
      return err
        ? Promise.reject(new Error(t(`vending.validation.${err}`, { min: 0, max: MAX_WATTS })))
        : Promise.resolve();
    },
  };
}

/** The generated token: receipt number, the value it carries and the token. */
function ManagementResult({
  record,
  title,
  lines,
}: {
  record: ManagementTokenRecord;
  title: string;
  lines: Array<[string, string]>;
}) {
  return (
    <>
      <Alert type="success" showIcon title={title} style={{ margin: '12px 0' }} />
      <ReceiptLines receiptId={record.receiptId} token={record.token} lines={lines} />
    </>
  );
}

function GenerateDialog({ account, kind, onClose }: AccountDialogProps & { kind: ManagementKind }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ValueForm>();
  const [record, setRecord] = useState<ManagementTokenRecord | null>(null);
  const refreshRecords = useRefreshList(kind.recordResource);
  const valueRule = useValueRule(kind);
  const title = t(kind.title);
  const valueLabel = kind.value ? t(`vending.${kind.value.field}`) : '';
  const generate = useMutation({
    mutationFn: (v: ValueForm) => {
      // As for a key change, the console always asks for the authorization password (the server
      // checks it whenever it is sent; it demands it where MANAGEMENT_TOKEN_REQUIRES_AUTHORIZATION is set).
      const value = kind.value ? Number(String(v.value).trim()) : 0;
      const base = {
        meterId: account.meterId,
        authorizationPassword: v.authorizationPassword,
        remark: v.remark?.trim() || null,
      };
      return generateManagementToken(kind.token, base, value);
    },
    onSuccess: (r) => {
      setRecord(r);
      void refreshRecords();
    },
  });
  const submit = () => void form.validateFields().then((v) => generate.mutate(v));
  const lines = (r: ManagementTokenRecord): Array<[string, string]> =>
    kind.value ? [[valueLabel, String(r[kind.value.field] ?? '')]] : [];
  const print = (r: ManagementTokenRecord) => printReceipt(t, tokenReceipt(t, title, r, lines(r)));

  return (
    <TokenDialog
      title={title}
      testId="generate-dialog"
      account={account}
      tariff
      onClose={onClose}
      doneActions={record && [<PrintReceiptButton key="print" primary onClick={() => print(record)} />]}
      generate={{
        label: t('vending.generateToken'),
        testId: 'generate-submit',
        busy: generate.isPending,
        onClick: submit,
      }}
    >
      {record ? (
        <ManagementResult record={record} title={title} lines={lines(record)} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit}>
          {kind.value && (
            <Form.Item name="value" label={valueLabel} rules={[valueRule]}>
              <Input data-testid="token-value" inputMode="decimal" autoComplete="off" />
            </Form.Item>
          )}
          <AuthorizationPasswordItem />
          <RemarkItem label={t('vending.remark')} data-testid="token-remark" />
        </Form>
      )}
    </TokenDialog>
  );
}

/**
 * Clear tamper / clear credit / maximum power / overdraft / phase unbalance: accounts, Generate Token
 * per row. Returns the page module's `prefetch` and `Page`.
 */
export function managementTokenPage(kind: ManagementKind) {
  return accountDialogPage({
    resource: kind.resource,
    actionLabel: 'vending.generateToken',
    Dialog: (props) => <GenerateDialog {...props} kind={kind} />,
  });
}

export const MANAGEMENT_KINDS = {
  clearTamper: {
    resource: 'clearTamperTokenAccounts',
    recordResource: 'clearTamperTokenRecord',
    token: 'clearTamper',
    title: 'route.clearTamperToken',
  },
  clearCredit: {
    resource: 'clearCreditTokenAccounts',
    recordResource: 'clearCreditTokenRecord',
    token: 'clearCredit',
    title: 'route.clearCreditToken',
  },
  maxPower: {
    resource: 'maxPowerTokenAccounts',
    recordResource: 'setMaximumPowerLimitTokenRecord',
    token: 'maxPower',
    title: 'route.setMaximumPowerLimitToken',
    value: { field: 'maximumPower', kind: 'watts' },
  },
  maxOverdraft: {
    resource: 'maxOverdraftTokenAccounts',
    recordResource: 'setMaximumOverdraftLimitTokenRecord',
    token: 'maxOverdraft',
    title: 'route.setMaximumOverdraftToken',
    value: { field: 'maximumOverdraft', kind: 'overdraft' },
  },
  maxPhaseUnbalance: {
    resource: 'maxPhaseUnbalanceTokenAccounts',
    recordResource: 'setMaximumPhasePowerUnbalanceLimitTokenRecord',
    token: 'maxPhaseUnbalance',
    title: 'route.setMaximumPhasePowerUnbalanceLimitToken',
    value: { field: 'maximumPhasePowerUnbalance', kind: 'watts' },
  },
} satisfies Record<string, ManagementKind>;
