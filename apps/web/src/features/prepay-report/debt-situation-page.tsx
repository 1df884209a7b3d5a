import { type DebtSituationRow, PREPAY_REPORT_API } from '@prepay/contracts';
import { useTranslation } from 'react-i18next';
import { textColumn } from '../../components/list-page/common-columns';
import { addressColumn, customerIdColumn, READ_LANG, reportGrid } from './report-columns';
import { ScopedReport } from './report-scope';
import './locales';

/** Debt Situation: each customer's total, recovered and remaining debt, and the vends that paid it. */
const GRID = reportGrid('debt-situation', PREPAY_REPORT_API.debtSituation, 'PrepayReport/DebtSituation');

export default function DebtSituationPage() {
  const { t } = useTranslation();
  return (
    <ScopedReport<DebtSituationRow>
      kind="debtSituation"
      {...GRID}
      rowKey={(r) => r.customerId}
      extraBody={READ_LANG}
      columns={[
        customerIdColumn(t),
        textColumn('customerName', t('report.customerName'), 160),
        { key: 'totalDebt', title: t('report.totalDebt'), sort: true, width: 130 },
        { key: 'paidDebt', title: t('report.paidDebt'), sort: true, width: 130, optional: true },
        { key: 'remainingDebt', title: t('report.remainingDebt'), sort: true, width: 140 },
        { key: 'paymentTimes', title: t('report.paymentTimes'), sort: true, width: 110, optional: true },
        { key: 'lastPaymentDate', title: t('report.lastPaymentDate'), sort: true, width: 170 },
        addressColumn(t),
      ]}
    />
  );
}
