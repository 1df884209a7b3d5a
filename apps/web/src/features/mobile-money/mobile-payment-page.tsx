import {
  MOBILE_PAYMENT_API,
  MOBILE_PAYMENT_QUEUE_REASONS,
  MOBILE_PAYMENT_STATES,
  type MobilePaymentRow,
} from '@prepay/contracts';
import { Button, Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textColumn } from '../../components/list-page/common-columns';
import { type FieldDef, FormDialog } from '../../components/list-page/form-dialog';
import { type ListColumn, ListPage, useRefreshList } from '../../components/list-page/list-page';
import { feedback } from '../../lib/feedback';
import { resolvePayment } from './api';
import { useCodeFilter } from './state-filter';
import './locales';

type State = MobilePaymentRow['state'];
const COLORS: Record<State, string> = {
  received: 'processing',
  vended: 'success',
  queued: 'warning',
  assigned: 'success',
  refunded: 'default',
};

interface ResolveForm {
  action: 'assign' | 'refund';
  meterId?: string;
  remark: string;
  authorizationPassword: string;
}

function resolveFields(p: (k: string) => string): FieldDef[] {
  return [
    {
      name: 'action',
      label: p('action'),
      kind: 'select',
      required: true,
      options: [
        { value: 'assign', label: p('assign') },
        { value: 'refund', label: p('refund') },
      ],
      testId: 'resolve-action',
    },
    {
      name: 'meterId',
      label: p('meterId'),
      kind: 'text',
      required: true,
      maxLength: 64,
      hidden: (_m, v) => v.action !== 'assign',
      testId: 'resolve-meter',
    },
    { name: 'remark', label: p('remark'), kind: 'textarea', required: true, maxLength: 500, wide: true },
    { name: 'authorizationPassword', label: p('authorizationPassword'), kind: 'password', required: true },
  ];
}

/** The grid's columns: what an operator decides by first, the rest in the column chooser. */
function paymentColumns(t: TFunction): ListColumn<MobilePaymentRow>[] {
  const p = (k: string) => t(`mobileMoney.payment.${k}`);
  return [
    textColumn<MobilePaymentRow>('transId', p('transId'), 150, { fixed: 'left' }),
    { key: 'createDate', title: p('createDate'), sort: true, width: 160 },
    { key: 'amount', title: p('amount'), sort: true, width: 100 },
    textColumn<MobilePaymentRow>('billRef', p('billRef'), 140),
    textColumn<MobilePaymentRow>('msisdn', p('msisdn'), 140),
    {
      key: 'state',
      title: p('state'),
      sort: true,
      width: 110,
      render: (_v, r) => <Tag color={COLORS[r.state]}>{t(`mobileMoney.paymentState.${r.state}`)}</Tag>,
    },
    {
      key: 'queueReason',
      title: p('queueReason'),
      width: 160,
      render: (_v, r) => (r.queueReason ? t(`mobileMoney.queueReason.${r.queueReason}`) : ''),
    },
    { key: 'meterId', title: p('meterId'), width: 130 },
    { key: 'receiptId', title: p('receiptId'), width: 110 },
    { key: 'payerName', title: p('payerName'), width: 150, optional: true },
    { key: 'vendorId', title: p('vendorId'), sort: true, width: 120, optional: true },
    { key: 'resolvedBy', title: p('resolvedBy'), width: 120, optional: true },
    { key: 'resolvedDate', title: p('resolvedDate'), width: 160, optional: true },
    { key: 'resolution', title: p('resolution'), width: 200, optional: true, ellipsis: true },
  ];
}

/** Mobile-money payments: those sold, and the queue of those an operator assigns to a meter or refunds. */
export default function MobilePaymentPage() {
  const { t } = useTranslation();
  const p = (k: string) => t(`mobileMoney.payment.${k}`);
  const state = useCodeFilter('state', MOBILE_PAYMENT_STATES, 'mobileMoney.paymentState', {
    any: 'mobileMoney.anyState',
    initial: 'queued',
  });
  const reason = useCodeFilter('reason', MOBILE_PAYMENT_QUEUE_REASONS, 'mobileMoney.queueReason', {
    any: 'mobileMoney.anyState',
  });
  const [resolving, setResolving] = useState<MobilePaymentRow | null>(null);
  const refresh = useRefreshList('mobile-payments');
  return (
    <>
      <ListPage<MobilePaymentRow>
        resource="mobile-payments"
        read={MOBILE_PAYMENT_API.read}
        exportModule="mobilePayment"
        exportFileName="mobile-payments"
        rowKey={(r) => String(r.id)}
        extraBody={{ state: state.value, queueReason: reason.value }}
        toolbarExtra={
          <Space wrap>
            {state.picker}
            {reason.picker}
          </Space>
        }
        actionsWidth={90}
        actions={(row) =>
          row.state === 'queued' ? (
            <Button size="small" type="link" data-testid="resolve" onClick={() => setResolving(row)}>
              {p('resolve')}
            </Button>
          ) : null
        }
        columns={paymentColumns(t)}
      />
      <FormDialog<ResolveForm>
        open={resolving !== null}
        mode="create"
        title={t('mobileMoney.payment.resolveTitle', { transId: resolving?.transId ?? '' })}
        fields={resolveFields(p)}
        initialValues={{ action: 'assign', meterId: resolving?.billRef ?? '' }}
        width={560}
        testId="resolve-dialog"
        onClose={() => setResolving(null)}
        onSubmit={async (v) => {
          if (!resolving) return;
          await resolvePayment({
            id: resolving.id,
            action: v.action,
            meterId: v.action === 'assign' ? v.meterId : null,
            remark: v.remark,
            authorizationPassword: v.authorizationPassword,
          });
          feedback().message.success(p('resolved'));
          setResolving(null);
          await refresh();
        }}
      />
    </>
  );
}
