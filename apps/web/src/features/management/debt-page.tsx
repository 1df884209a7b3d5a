import { DEBT_API, type DebtRow } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import { auditColumns, stationColumn, textColumn } from '../../components/list-page/common-columns';
import { crudPage, remarkField, type StationOptions } from '../../components/list-page/crud-page';
import type { FieldDef } from '../../components/list-page/form-dialog';
import type { ListColumn } from '../../components/list-page/list-page';
import { money } from '../../lib/format';
import { managementTable } from './management-page';
import { CustomerPicker } from './pickers';

function debtFields(t: TFunction): FieldDef[] {
  return [
    {
      name: 'customerId',
      label: t('management.debt.customerId'),
      kind: 'custom',
      render: (_form, mode) => (
        <CustomerPicker
          name="customerId"
          label={t('management.debt.customerId')}
          disabled={mode === 'edit'}
        />
      ),
    },
    {
      name: 'totalDebt',
      label: t('management.debt.totalDebt'),
      kind: 'money',
      required: true,
    },
    remarkField(t),
  ];
}

function debtColumns(t: TFunction, isAdmin: boolean, stations: StationOptions): ListColumn<DebtRow>[] {
  return [
    textColumn('customerId', t('management.debt.customerId'), 140),
    textColumn('customerName', t('management.debt.customerName'), 180),
    { key: 'totalDebt', title: t('management.debt.totalDebt'), sort: true, width: 130, render: money },
    {
      key: 'remainingDebt',
      title: t('management.debt.remainingDebt'),
      sort: true,
      width: 140,
      filter: {
        kind: 'select',
        field: 'outstanding',
        options: [{ value: true, label: t('management.debt.outstanding') }],
      },
      render: money,
    },
    { key: 'payDebt', title: t('management.debt.payDebt'), sort: true, width: 130, render: money },
    ...stationColumn<DebtRow>(t, isAdmin, stations),
    ...auditColumns<DebtRow>(t),
  ];
}

interface DebtForm {
  customerId: string;
  totalDebt: string | number;
  remark?: string;
}

const page = crudPage<typeof DEBT_API, DebtForm>({
  ...managementTable('debt', DEBT_API, 'customerId'),
  columns: debtColumns,
  fields: debtFields,
  dialogWidth: 600,
  toBody: (v) => ({ customerId: v.customerId, totalDebt: String(v.totalDebt), remark: v.remark || null }),
});
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = page.prefetch;
export default page.Page;
