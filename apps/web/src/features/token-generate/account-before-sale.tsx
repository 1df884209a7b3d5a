import type { AccountRow } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { money } from '../../components/vending/amount';
import '../../components/vending/office-locales';
import { previewAccount, readLastPurchase } from './api';

/**
 * What a cashier checks before taking the money: the debt owed, the monthly charge due, the change
 * carried from earlier sales, the last purchase and the address. One column: readable at 375 px.
 */
export function AccountBeforeSale({ account, currency }: { account: AccountRow; currency?: string | null }) {
  const { t } = useTranslation();
  const meterId = account.meterId;
  const state = useQuery({
    queryKey: ['accountBeforeSale', meterId],
    queryFn: () => previewAccount(meterId),
    retry: false,
  });
  const last = useQuery({
    queryKey: ['lastPurchase', meterId],
    queryFn: () => readLastPurchase(meterId),
    retry: false,
  });
  const dash = t('vending.office.accountUnknown');
  const m = (n: number | undefined) =>
    n === undefined ? dash : currency ? `${money(n)} ${currency}` : money(n);
  const lastText = last.data
    ? `${last.data.createDate ?? ''} · ${m(last.data.totalPaid)}`
    : last.isSuccess
      ? t('vending.office.accountNoPurchase')
      : dash;
  const rows: Array<[string, string, string]> = [
    ['debt', t('vending.office.accountDebt'), m(state.data?.remainingDebt)],
    ['chargeDue', t('vending.office.accountChargeDue'), m(state.data?.monthlyCharge)],
    ['carried', t('vending.office.accountCarried'), m(state.data?.carriedIn)],
    ['lastPurchase', t('vending.office.accountLastPurchase'), lastText],
    ['address', t('vending.office.accountAddress'), account.customerAddress || dash],
  ];
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      data-testid="account-before-sale"
      style={{ marginBottom: 12 }}
      items={rows.map(([key, label, text]) => ({
        key,
        label,
        children: <span data-testid={`account-${key}`}>{text}</span>,
      }))}
    />
  );
}
