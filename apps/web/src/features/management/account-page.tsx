import { ACCOUNT_API, type AccountRow } from '@prepay/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import {
  auditColumns,
  optionColumn,
  stationColumn,
  textColumn,
} from '../../components/list-page/common-columns';
import { crudPage, remarkField, type StationOptions } from '../../components/list-page/crud-page';
import type { FieldDef } from '../../components/list-page/form-dialog';
import type { ListColumn } from '../../components/list-page/list-page';
import { communicationOptions, meterTypeOptions } from '../../components/meter-options';
import { managementTable } from './management-page';
import { CustomerPicker, TariffPicker, UnusedMeterPicker } from './pickers';

interface AccountForm {
  customerId: string;
  meterId: string;
  tariffId: string;
  ctRatio?: string;
  remark?: string;
}

const accountKey = (t: TFunction) => (k: string) => t(`management.account.${k}`);

function accountFields(t: TFunction): FieldDef[] {
  const a = accountKey(t);
  return [
    {
      name: 'customerId',
      label: a('customerId'),
      kind: 'custom',
      render: (_f, mode) => (
        <CustomerPicker name="customerId" label={a('customerId')} disabled={mode === 'edit'} />
      ),
    },
    {
      name: 'meterId',
      label: a('meterId'),
      kind: 'custom',
      render: () => <UnusedMeterPicker name="meterId" label={a('meterId')} />,
    },
    {
      name: 'tariffId',
      label: a('tariffId'),
      kind: 'custom',
      render: () => <TariffPicker name="tariffId" label={a('tariffId')} />,
    },
    { name: 'ctRatio', label: a('ctRatio'), kind: 'text', maxLength: 32 },
    remarkField(t),
  ];
}

function accountColumns(t: TFunction, isAdmin: boolean, stations: StationOptions): ListColumn<AccountRow>[] {
  const a = accountKey(t);
  return [
    textColumn<AccountRow>('customerId', a('customerId'), 140, { optional: true }),
    textColumn<AccountRow>('customerName', a('customerName'), 170),
    { key: 'customerAddress', title: a('customerAddress'), sort: true, width: 200, ellipsis: true },
    textColumn<AccountRow>('meterId', a('meterId'), 140),
    { ...optionColumn<AccountRow>('meterType', a('meterType'), meterTypeOptions(t), 120), optional: true },
    textColumn<AccountRow>('tariffId', a('tariffId'), 120, { optional: true }),
    { key: 'tariffName', title: a('tariffName'), width: 140 },
    {
      ...optionColumn<AccountRow>('communicationWay', a('communicationWay'), communicationOptions(t), 160),
      optional: true,
    },
    textColumn<AccountRow>('protocolVersion', a('protocolVersion'), 140, { optional: true }),
    textColumn<AccountRow>('ctRatio', a('ctRatio'), 100, { optional: true }),
    {
      key: 'status',
      title: a('status'),
      sort: true,
      width: 100,
      render: (v) => (v ? <Tag color="green">{a('online')}</Tag> : <Tag>{a('offline')}</Tag>),
    },
    ...auditColumns<AccountRow>(t).map((c) => ({ ...c, optional: true })),
    ...stationColumn<AccountRow>(t, isAdmin, stations),
  ];
}

const toBody = (v: AccountForm, row: AccountRow | undefined) => ({
  customerId: v.customerId,
  meterId: v.meterId,
  tariffId: v.tariffId,
  ctRatio: v.ctRatio || null,
  remark: v.remark || null,
  // Editing may move the account to another meter: the server finds it by the old one.
  ...(row && row.meterId !== v.meterId ? { oldMeterId: row.meterId } : {}),
});

const page = crudPage<typeof ACCOUNT_API, AccountForm>({
  ...managementTable('account', ACCOUNT_API, 'meterId'),
  keys: ['customerId', 'meterId'],
  sortBy: 'customerId',
  columns: accountColumns,
  fields: accountFields,
  toBody,
});
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = page.prefetch;
export default page.Page;
