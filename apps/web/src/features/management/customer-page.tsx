import { CUSTOMER_API, type CustomerRow } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import { auditColumns, stationColumn, textColumn } from '../../components/list-page/common-columns';
import {
  crudPage,
  keyField,
  remarkAndStation,
  remarkField,
  type StationOptions,
  stationField,
} from '../../components/list-page/crud-page';
import type { FieldDef } from '../../components/list-page/form-dialog';
import type { ListColumn } from '../../components/list-page/list-page';
import { managementTable } from './management-page';

interface CustomerForm {
  customerId: string;
  customerName: string;
  type?: number | null;
  phone?: string;
  address?: string;
  certifiName?: string;
  certifiNo?: string;
  remark?: string;
  stationId?: string;
}

function customerFields(t: TFunction, isAdmin: boolean, stations: StationOptions): FieldDef[] {
  return [
    keyField('customerId', t('management.customer.id')),
    {
      name: 'customerName',
      label: t('management.customer.name'),
      kind: 'text',
      required: true,
      maxLength: 128,
    },
    { name: 'type', label: t('management.customer.type'), kind: 'integer', min: 0, max: 99 },
    { name: 'phone', label: t('management.customer.phone'), kind: 'text', maxLength: 32 },
    { name: 'address', label: t('management.customer.address'), kind: 'text', maxLength: 256 },
    { name: 'certifiName', label: t('management.customer.certifiName'), kind: 'text', maxLength: 64 },
    { name: 'certifiNo', label: t('management.customer.certifiNo'), kind: 'text', maxLength: 64 },
    stationField(t, isAdmin, stations),
    remarkField(t),
  ];
}

function customerColumns(
  t: TFunction,
  isAdmin: boolean,
  stations: StationOptions,
): ListColumn<CustomerRow>[] {
  return [
    textColumn('customerId', t('management.customer.id'), 140),
    textColumn('customerName', t('management.customer.name'), 180),
    { key: 'type', title: t('management.customer.type'), sort: true, width: 90, optional: true },
    textColumn('phone', t('management.customer.phone'), 140),
    {
      key: 'address',
      title: t('management.customer.address'),
      filter: { kind: 'text' },
      sort: true,
      width: 200,
      ellipsis: true,
    },
    textColumn('certifiName', t('management.customer.certifiName'), 140, { optional: true }),
    textColumn('certifiNo', t('management.customer.certifiNo'), 140, { optional: true }),
    ...stationColumn<CustomerRow>(t, isAdmin, stations),
    ...auditColumns<CustomerRow>(t),
  ];
}

const toBody = (v: CustomerForm, row: CustomerRow | undefined) => ({
  customerId: v.customerId.trim(),
  customerName: v.customerName.trim(),
  type: v.type ?? 0,
  phone: v.phone || null,
  address: v.address || null,
  certifiName: v.certifiName || null,
  certifiNo: v.certifiNo || null,
  ...remarkAndStation(v, row),
});

const page = crudPage<typeof CUSTOMER_API, CustomerForm>({
  ...managementTable('customer', CUSTOMER_API, 'customerId'),
  sortBy: 'customerId',
  columns: customerColumns,
  fields: customerFields,
  initialValues: (row) => row ?? { type: 0 },
  toBody,
});
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = page.prefetch;
export default page.Page;
