import type { DebtSituationRow } from '@prepay/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import './locales';

const LANG = { lang: 'en' };

/** Debt Situation: each customer's total, recovered and remaining debt, and the vends that paid it. */
export default function DebtSituationPage() {
  const { t } = useTranslation();
  return (
    <ListPage<DebtSituationRow>
      resource="report-debt-situation"
      readPath="/API/PrepayReport/DebtSituation"
      rowKey={(r) => r.customerId}
      defaultSort={{ field: 'customerId', direction: 'asc' }}
      extraBody={LANG}
      exportModule="PrepayReport/DebtSituation"
      exportFileName="debt-situation"
      columns={[
        {
          key: 'customerId',
          title: t('report.customerId'),
          filter: { kind: 'text' },
          sort: true,
          fixed: 'left',
          width: 140,
        },
        {
          key: 'customerName',
          title: t('report.customerName'),
          filter: { kind: 'text' },
          sort: true,
          width: 160,
        },
        { key: 'totalDebt', title: t('report.totalDebt'), sort: true, width: 130 },
        { key: 'paidDebt', title: t('report.paidDebt'), sort: true, width: 130 },
        { key: 'remainingDebt', title: t('report.remainingDebt'), sort: true, width: 140 },
        { key: 'paymentTimes', title: t('report.paymentTimes'), sort: true, width: 110 },
        { key: 'lastPaymentDate', title: t('report.lastPaymentDate'), sort: true, width: 170 },
        { key: 'customerAddress', title: t('report.customerAddress'), ellipsis: true, width: 200 },
      ]}
      testId="report-debt-situation"
    />
  );
}
