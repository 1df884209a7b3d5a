import type { AccountRow, CreditTokenRecord } from '@prepay/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  AutoComplete,
  Button,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Space,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkAmount, checkInteger, newIdempotencyKey, unitOf } from '../../components/vending/amount';
import { creditReceipt, printReceipt } from '../../components/vending/receipt';
import {
  QUOTA_KEY,
  quotaText,
  TokenText,
  usePaymentMethods,
  useQuota,
} from '../../components/vending/vending';
import { request } from '../../lib/request';
import { AccountTokenList, prefetchAccounts } from './account-list';
import { CreditBreakdown } from './credit-breakdown';

interface RechargeForm {
  isVendByTotalPaid: boolean;
  amount: string;
  payDebtPercent: number;
  paymentMethod?: string;
  remark?: string;
}

type Step =
  | { step: 'form' }
  | { step: 'confirm'; form: RechargeForm; preview: CreditTokenRecord; idempotencyKey: string }
  | { step: 'done'; record: CreditTokenRecord };

const GENERATE = '/api/token/creditToken/generate';

function body(meterId: string, f: RechargeForm) {
  return {
    meterId,
    isVendByTotalPaid: f.isVendByTotalPaid,
    amount: String(f.amount).trim(),
    payDebtPercent: f.payDebtPercent ?? 0,
    paymentMethod: f.paymentMethod?.trim() || null,
    remark: f.remark?.trim() || null,
  };
}

/** Recharge → Transaction Confirmation (the priced preview) → Recharge Succeeded with token and receipt. */
function RechargeDialog({ account, onClose }: { account: AccountRow; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<RechargeForm>();
  const [passwordForm] = Form.useForm<{ authorizationPassword: string }>();
  const [state, setState] = useState<Step>({ step: 'form' });
  const [busy, setBusy] = useState(false);
  const payment = usePaymentMethods();
  const byPaid = Form.useWatch('isVendByTotalPaid', form) ?? true;
  // The confirmed vend's key survives a failed attempt so a retry cannot vend twice.
  const keyRef = useRef<string | null>(null);

  const preview = async () => {
    const f = await form.validateFields();
    setBusy(true);
    try {
      const result = await request<CreditTokenRecord>(GENERATE, {
        ...body(account.meterId, f),
        isPreview: true,
      });
      keyRef.current = newIdempotencyKey();
      passwordForm.resetFields();
      setState({ step: 'confirm', form: f, preview: result, idempotencyKey: keyRef.current });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (state.step !== 'confirm') return;
    const { authorizationPassword } = await passwordForm.validateFields();
    setBusy(true);
    try {
      const record = await request<CreditTokenRecord>(GENERATE, {
        ...body(account.meterId, state.form),
        isPreview: false,
        authorizationPassword,
        idempotencyKey: state.idempotencyKey,
      });
      setState({ step: 'done', record });
      void client.invalidateQueries({ queryKey: QUOTA_KEY });
      void client.invalidateQueries({ queryKey: ['list', 'creditTokenRecord'] });
    } finally {
      setBusy(false);
    }
  };

  const amountRule = {
    validator: (_: unknown, v: string) => {
      if (v === undefined || v === null || String(v).trim() === '')
        return Promise.reject(new Error(t('vending.validation.required')));
      const err = checkAmount(v, form.getFieldValue('isVendByTotalPaid') !== false);
      return err ? Promise.reject(new Error(t(`vending.validation.${err}`))) : Promise.resolve();
    },
  };

  const accountInfo = (
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
  );

  if (state.step === 'done') {
    const r = state.record;
    return (
      <Modal
        open
        title={t('vending.rechargeSucceeded')}
        onCancel={onClose}
        data-testid="recharge-succeeded"
        footer={[
          <Button key="close" data-testid="dialog-close" onClick={onClose}>
            {t('vending.close')}
          </Button>,
          <Button
            key="print"
            type="primary"
            data-testid="print-receipt"
            onClick={() => printReceipt(t, creditReceipt(t, r))}
          >
            {t('vending.printReceipt')}
          </Button>,
        ]}
      >
        <Alert type="success" showIcon title={t('vending.rechargeSucceeded')} style={{ marginBottom: 12 }} />
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'r',
              label: t('vending.receiptId'),
              children: <span data-testid="receipt-id">{r.receiptId}</span>,
            },
            { key: 'm', label: t('vending.meterId'), children: r.meterId },
            { key: 'tok', label: t('vending.token'), children: <TokenText token={r.token} /> },
          ]}
        />
        <CreditBreakdown record={r} />
      </Modal>
    );
  }

  if (state.step === 'confirm') {
    return (
      <Modal
        open
        title={t('vending.transactionConfirmation')}
        onCancel={() => setState({ step: 'form' })}
        data-testid="transaction-confirmation"
        footer={[
          <Button key="back" onClick={() => setState({ step: 'form' })}>
            {t('vending.cancel')}
          </Button>,
          <Button
            key="ok"
            type="primary"
            loading={busy}
            data-testid="confirm-vend"
            onClick={() => void confirm()}
          >
            {t('vending.confirm')}
          </Button>,
        ]}
      >
        {accountInfo}
        <CreditBreakdown record={state.preview} />
        <Form form={passwordForm} layout="vertical" style={{ marginTop: 12 }} onFinish={() => void confirm()}>
          <Form.Item
            name="authorizationPassword"
            label={t('vending.authorizationPassword')}
            rules={[{ required: true, message: t('vending.validation.required') }]}
          >
            <Input.Password data-testid="authorization-password" autoComplete="off" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('vending.recharge')}
      onCancel={onClose}
      data-testid="recharge-dialog"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('vending.cancel')}
        </Button>,
        <Button
          key="next"
          type="primary"
          loading={busy}
          data-testid="recharge-next"
          onClick={() => void preview()}
        >
          {t('vending.next')}
        </Button>,
      ]}
    >
      {accountInfo}
      <Form<RechargeForm>
        form={form}
        layout="vertical"
        initialValues={{ isVendByTotalPaid: true, payDebtPercent: 0 }}
        onFinish={() => void preview()}
      >
        <Form.Item name="isVendByTotalPaid" label={t('vending.purchaseWay')}>
          <Radio.Group
            data-testid="purchase-way"
            onChange={() => {
              if (form.getFieldValue('amount')) void form.validateFields(['amount']);
            }}
          >
            <Space orientation="vertical">
              <Radio value={true}>{t('vending.byTotalPaid')}</Radio>
              <Radio value={false}>{t('vending.byTotalUnit')}</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="amount"
          label={byPaid ? t('vending.totalPaid') : `${t('vending.totalUnit')} (${unitOf(account.meterType)})`}
          rules={[amountRule]}
        >
          <Input data-testid="recharge-amount" inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="payDebtPercent"
          label={`${t('vending.debtPercent')} (%)`}
          rules={[
            {
              validator: (_: unknown, v: number | null) => {
                const err = checkInteger(v ?? 0, 0, 100);
                return err
                  ? Promise.reject(new Error(t(`vending.validation.${err}`, { min: 0, max: 100 })))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber data-testid="debt-percent" min={0} max={100} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="paymentMethod" label={t('vending.paymentMethod')}>
          <AutoComplete data-testid="payment-method" options={payment.data ?? []} allowClear />
        </Form.Item>
        <Form.Item name="remark" label={t('vending.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Token Generate → Credit Token: accounts, the user's quota, and Recharge per row. */
/** The page's first read, started with its code by the menu or the router (issue 17). */
export const prefetch = prefetchAccounts('creditTokenAccounts');

export default function CreditTokenPage() {
  const { t } = useTranslation();
  const quota = useQuota();
  const [account, setAccount] = useState<AccountRow | null>(null);
  return (
    <>
      <AccountTokenList
        resource="creditTokenAccounts"
        actionLabel={t('vending.recharge')}
        onAction={setAccount}
        toolbarExtra={
          <span className="vending-quota" data-testid="quota">
            {t('vending.quota')}: {quotaText(t, quota.data)}
          </span>
        }
      />
      {account && <RechargeDialog key={account.meterId} account={account} onClose={() => setAccount(null)} />}
    </>
  );
}
