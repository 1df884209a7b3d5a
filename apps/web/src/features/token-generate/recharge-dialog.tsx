import type { AccountRow, CreditTokenRecord } from '@prepay/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { InputRef } from 'antd';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemarkItem } from '../../components/remark-item';
import {
  carriedAround,
  checkAmount,
  checkInteger,
  energy,
  tenthsOf,
  unitOf,
} from '../../components/vending/amount';
import { QUOTA_KEY, useBasicInformation, usePaymentMethods } from '../../components/vending/vending';
import { newIdempotencyKey } from '../../lib/idempotency';
import { RequestError } from '../../lib/request';
import { AccountBeforeSale } from './account-before-sale';
import { vendCredit } from './api';
import { RechargeDone } from './recharge-done';
import { ConfirmStep, VendStepModal } from './vend-step';

export interface RechargeForm {
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

/**
 * By unit, an amount a token cannot carry exactly, with the nearest amount that it can and the one on its
 * other side. By paid any amount sells: what buys less than 0.1 unit is carried forward to the next sale.
 */
interface Inexact {
  asked: string;
  nearest: string;
  other: string | null;
}

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

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** By unit: when the token cannot carry the amount, the nearest amount first and the other side second. */
function inexactOf(f: RechargeForm): Inexact | null {
  if (f.isVendByTotalPaid) return null;
  const units = tenthsOf(String(f.amount));
  const { lower, upper } = carriedAround(units);
  if (lower === units) return null;
  const upIsNearer = upper !== null && upper - units <= units - lower;
  const near = upIsNearer && upper !== null ? upper : lower;
  const other = upIsNearer ? lower : upper;
  return {
    asked: String(f.amount).trim(),
    nearest: energy(near / 10),
    other: other === null ? null : energy(other / 10),
  };
}

/**
 * One server call at a time: busy while it runs; its failure is shown in the dialog and cleared by the
 * next attempt, so a stale error never stays over a success.
 */
function useAttempt() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (err) {
      if (err instanceof RequestError) setError(errorText(err));
      else throw err;
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/**
 * Recharge → Transaction Confirmation (the priced preview) → Recharge Succeeded with token and receipt,
 * all by keyboard: focus is always in the field or button the next keystroke is for, Enter moves on,
 * Esc goes back. Failures show in the dialog and are cleared by the next attempt.
 */
export function RechargeDialog({ account, onClose }: { account: AccountRow; onClose: () => void }) {
  const client = useQueryClient();
  const [form] = Form.useForm<RechargeForm>();
  const [state, setState] = useState<Step>({ step: 'form' });
  const { busy, error, setError, run } = useAttempt();
  const [inexact, setInexact] = useState<Inexact | null>(null);
  const basic = useBasicInformation();

  /** `amount` is a nearest amount the cashier picked (by unit): vended as it is. */
  const preview = async (amount?: string) => {
    if (amount !== undefined) form.setFieldValue('amount', amount);
    const f = await form.validateFields();
    const off = inexactOf(f);
    setInexact(off);
    if (off) return;
    const ask = { ...body(account.meterId, f), isPreview: true };
    const result = await run(() => vendCredit(ask, { silent: true }));
    if (!result) return;
    setState({ step: 'confirm', form: f, preview: result, idempotencyKey: newIdempotencyKey() });
  };

  const confirm = async (authorizationPassword: string) => {
    if (state.step !== 'confirm') return;
    const record = await run(() =>
      vendCredit(
        {
          ...body(account.meterId, state.form),
          isPreview: false,
          authorizationPassword,
          // The confirmed vend's key survives a failed attempt so a retry cannot vend twice.
          idempotencyKey: state.idempotencyKey,
        },
        { silent: true },
      ),
    );
    if (!record) return;
    setState({ step: 'done', record });
    void client.invalidateQueries({ queryKey: QUOTA_KEY });
    void client.invalidateQueries({ queryKey: ['list', 'creditTokenRecord'] });
  };

  const back = () => {
    setError(null);
    setState({ step: 'form' });
  };

  if (state.step === 'done') return <RechargeDone record={state.record} onClose={onClose} />;
  if (state.step === 'confirm') {
    return (
      <ConfirmStep
        account={account}
        preview={state.preview}
        currency={basic.data?.currency}
        busy={busy}
        error={error}
        onBack={back}
        onConfirm={(pw) => void confirm(pw)}
      />
    );
  }
  return (
    <FormStep
      account={account}
      form={form}
      busy={busy}
      error={error}
      inexact={inexact}
      onClose={onClose}
      onNext={(amount) => void preview(amount)}
    />
  );
}

function amountRule(t: TFunction, byPaid: () => boolean) {
  return {
    validator: (_: unknown, v: string) => {
      if (v === undefined || v === null || String(v).trim() === '')
        return Promise.reject(new Error(t('vending.validation.required')));
      const err = checkAmount(v, byPaid());
      return err ? Promise.reject(new Error(t(`vending.validation.${err}`))) : Promise.resolve();
    },
  };
}

const debtRule = (t: TFunction) => ({
  validator: (_: unknown, v: number | null) => {
    const err = checkInteger(v ?? 0, 0, 100);
    return err
      ? Promise.reject(new Error(t(`vending.validation.${err}`, { min: 0, max: 100 })))
      : Promise.resolve();
  },
});

/** The nearest vendable amount as a one-key choice (Enter), and the other side (Tab, Enter). */
function NearestChoice({
  inexact,
  unit,
  onPick,
}: {
  inexact: Inexact;
  unit: string;
  onPick: (amount: string) => void;
}) {
  const { t } = useTranslation();
  const amounts = [inexact.nearest, inexact.other].filter((a): a is string => a !== null);
  const nearestRef = useRef<HTMLButtonElement>(null);
  // The nearest amount takes focus whenever a new inexact amount is offered: one Enter accepts it.
  useEffect(() => {
    if (inexact.nearest) nearestRef.current?.focus();
  }, [inexact.nearest]);
  const title = t('vending.office.inexact', { asked: inexact.asked, unit });
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="nearest-choice"
      title={title}
      description={
        <Space wrap>
          {amounts.map((a, i) => (
            <Button
              key={a}
              type={i === 0 ? 'primary' : 'default'}
              data-testid={i === 0 ? 'nearest-amount' : 'other-amount'}
              ref={i === 0 ? nearestRef : undefined}
              onClick={() => onPick(a)}
            >
              {t('vending.office.useNearest', { amount: a, unit })}
            </Button>
          ))}
          <span className="vending-hint">{t('vending.office.nearestHint')}</span>
        </Space>
      }
    />
  );
}

type FormStepProps = {
  account: AccountRow;
  form: ReturnType<typeof Form.useForm<RechargeForm>>[0];
  busy: boolean;
  error: string | null;
  inexact: Inexact | null;
  onClose: () => void;
  onNext: (amount?: string) => void;
};

function FormStep(props: FormStepProps) {
  const { t } = useTranslation();
  const { account } = props;
  const amountRef = useRef<InputRef>(null);
  const currency = useBasicInformation().data?.currency;
  return (
    <VendStepModal
      title={t('vending.recharge')}
      testId="recharge-dialog"
      account={account}
      focus={amountRef}
      busy={props.busy}
      onCancel={props.onClose}
      hint={t('vending.office.enterHint')}
      primary={{ label: t('vending.next'), testId: 'recharge-next', onClick: () => props.onNext() }}
    >
      {props.error && <Alert type="error" showIcon title={props.error} data-testid="vend-error" />}
      {props.inexact && (
        <NearestChoice inexact={props.inexact} unit={unitOf(account.meterType)} onPick={props.onNext} />
      )}
      <AccountBeforeSale account={account} currency={currency} />
      <RechargeFields {...props} amountRef={amountRef} />
    </VendStepModal>
  );
}

/** Cash is what the counter takes most: chosen once the methods are known, unless one is chosen already. */
function useCashByDefault(form: FormStepProps['form'], methods: Array<{ value: string }> | undefined) {
  useEffect(() => {
    const cash = methods?.find((m) => m.value.trim().toLowerCase() === 'cash');
    if (cash && form.getFieldValue('paymentMethod') === undefined)
      form.setFieldValue('paymentMethod', cash.value);
  }, [form, methods]);
}

function RechargeFields(props: FormStepProps & { amountRef: RefObject<InputRef | null> }) {
  const { t } = useTranslation();
  const { form } = props;
  const payment = usePaymentMethods();
  const byPaid = Form.useWatch('isVendByTotalPaid', form) ?? true;
  const unit = unitOf(props.account.meterType);
  useCashByDefault(form, payment.data);
  return (
    <Form<RechargeForm>
      form={form}
      layout="vertical"
      initialValues={{ isVendByTotalPaid: true, payDebtPercent: 0 }}
      onFinish={() => props.onNext()}
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
        label={byPaid ? t('vending.totalPaid') : `${t('vending.totalUnit')} (${unit})`}
        rules={[amountRule(t, () => form.getFieldValue('isVendByTotalPaid') !== false)]}
      >
        <Input
          ref={props.amountRef}
          autoFocus
          data-testid="recharge-amount"
          inputMode="decimal"
          autoComplete="off"
          onPressEnter={(e) => {
            e.preventDefault();
            props.onNext();
          }}
        />
      </Form.Item>
      <Form.Item name="payDebtPercent" label={`${t('vending.debtPercent')} (%)`} rules={[debtRule(t)]}>
        <InputNumber
          data-testid="debt-percent"
          min={0}
          max={100}
          precision={0}
          style={{ width: '100%' }}
          onPressEnter={() => props.onNext()}
        />
      </Form.Item>
      <Form.Item name="paymentMethod" label={t('vending.paymentMethod')}>
        {/* Named options from the item dictionary (Setting → Item, PaymentMethod). */}
        <Select data-testid="payment-method" options={payment.data ?? []} allowClear showSearch />
      </Form.Item>
      <RemarkItem label={t('vending.remark')} />
    </Form>
  );
}
