import { VENDOR_API, VENDOR_PATHS, type VendorRow } from '@prepay/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { auditColumns, optionColumn, textColumn } from '../../components/list-page/common-columns';
import {
  type CrudTable,
  crudPrefetch,
  keyField,
  remarkField,
  type StationOptions,
  useCrudPage,
} from '../../components/list-page/crud-page';
import { EditAction, RowAction } from '../../components/list-page/edit-action';
import { type FieldDef, FormDialog } from '../../components/list-page/form-dialog';
import { type ListColumn, ListPage } from '../../components/list-page/list-page';
import { fileModuleOf, vendorKindOptions } from './channel-words';
import {
  CredentialDialog,
  FloatDialog,
  type IssuedSecret,
  SecretDialog,
  StatementDrawer,
} from './vendor-dialogs';
import './locales';

const VENDORS: CrudTable<typeof VENDOR_API> = {
  resource: 'vendor',
  api: VENDOR_API,
  id: 'vendorId',
  titles: 'channel.vendor',
};
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = crudPrefetch(VENDORS);

interface VendorForm {
  vendorId: string;
  vendorName: string;
  vendorKind: VendorRow['vendorKind'];
  stationIds: string[];
  clientId: string;
  terminalId: string;
  enabled: boolean;
  creditLimit: string | number;
  commissionRate: string | number;
  dailyLimit?: string | number | null;
  remark?: string;
}

const money = (v: unknown) => (typeof v === 'number' ? v.toFixed(2) : '');

function vendorColumns(t: TFunction): ListColumn<VendorRow>[] {
  const enabled = [
    { value: true, label: t('channel.vendor.enabled') },
    { value: false, label: t('channel.vendor.disabled') },
  ];
  return [
    textColumn('vendorId', t('channel.vendor.id'), 130),
    textColumn('vendorName', t('channel.vendor.name'), 170),
    optionColumn('vendorKind', t('channel.vendor.kind'), vendorKindOptions(t), 130),
    {
      ...optionColumn('enabled', t('channel.vendor.enabled'), enabled, 100),
      render: (v) => (
        <Tag color={v ? 'green' : 'default'}>
          {v ? t('channel.vendor.enabled') : t('channel.vendor.disabled')}
        </Tag>
      ),
    },
    { key: 'balance', title: t('channel.vendor.balance'), sort: true, width: 130, render: money },
    { key: 'available', title: t('channel.vendor.available'), width: 130, render: money, optional: true },
    {
      key: 'hasCredential',
      title: t('channel.vendor.credential'),
      width: 110,
      render: (v) => (
        <Tag color={v ? 'blue' : 'warning'}>
          {v ? t('channel.vendor.hasCredential') : t('channel.vendor.noCredential')}
        </Tag>
      ),
    },
    { key: 'creditLimit', title: t('channel.vendor.creditLimit'), width: 120, render: money, optional: true },
    { key: 'commissionRate', title: t('channel.vendor.commissionRate'), width: 120, optional: true },
    {
      key: 'dailyLimit',
      title: t('channel.vendor.dailyLimit'),
      width: 120,
      optional: true,
      render: (v) => (v === null ? t('channel.vendor.noLimit') : money(v)),
    },
    { key: 'clientId', title: t('channel.vendor.clientId'), width: 150, optional: true },
    { key: 'terminalId', title: t('channel.vendor.terminalId'), width: 110, optional: true },
    { key: 'credentialDate', title: t('channel.vendor.issuedDate'), width: 170, optional: true },
    ...auditColumns<VendorRow>(t),
  ];
}

function vendorFields(t: TFunction, stations: StationOptions): FieldDef[] {
  return [
    keyField('vendorId', t('channel.vendor.id'), {
      maxLength: 32,
      extra: t('channel.vendor.idHint'),
      rules: [{ pattern: /^[A-Za-z0-9_-]{2,32}$/, message: t('channel.vendor.idHint') }],
    }),
    { name: 'vendorName', label: t('channel.vendor.name'), kind: 'text', required: true, maxLength: 40 },
    {
      name: 'vendorKind',
      label: t('channel.vendor.kind'),
      kind: 'select',
      required: true,
      options: vendorKindOptions(t),
    },
    {
      name: 'stationIds',
      label: t('channel.vendor.stations'),
      kind: 'multiSelect',
      required: true,
      options: stations ?? [],
    },
    {
      name: 'clientId',
      label: t('channel.vendor.clientId'),
      kind: 'text',
      required: true,
      maxLength: 13,
      rules: [{ pattern: /^\d{13}$/, message: t('channel.vendor.clientId') }],
    },
    {
      name: 'terminalId',
      label: t('channel.vendor.terminalId'),
      kind: 'text',
      required: true,
      maxLength: 20,
    },
    { name: 'creditLimit', label: t('channel.vendor.creditLimit'), kind: 'money', required: true },
    {
      name: 'commissionRate',
      label: t('channel.vendor.commissionRate'),
      kind: 'number',
      required: true,
      min: 0,
      max: 100,
      decimals: 2,
    },
    {
      name: 'dailyLimit',
      label: t('channel.vendor.dailyLimit'),
      kind: 'money',
      extra: t('channel.vendor.noLimit'),
    },
    { name: 'enabled', label: t('channel.vendor.enabled'), kind: 'switch' },
    remarkField(t),
  ];
}

const toBody = (v: VendorForm) => ({
  vendorId: v.vendorId.trim(),
  vendorName: v.vendorName.trim(),
  vendorKind: v.vendorKind,
  stationIds: v.stationIds,
  clientId: v.clientId.trim(),
  terminalId: v.terminalId.trim(),
  enabled: v.enabled,
  creditLimit: String(v.creditLimit),
  commissionRate: String(v.commissionRate),
  dailyLimit:
    v.dailyLimit === null || v.dailyLimit === undefined || v.dailyLimit === '' ? null : String(v.dailyLimit),
  remark: v.remark || null,
});

const NEW_VENDOR: Partial<VendorForm> = {
  enabled: true,
  vendorKind: 'bank',
  creditLimit: 0,
  commissionRate: 0,
};

/** Vendors: the table, and per row its machine secret, its float and its statement. */
export default function VendorPage() {
  const crud = useCrudPage(VENDORS);
  const { t, dialog, setDialog } = crud;
  const [credential, setCredential] = useState<VendorRow | null>(null);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const [float, setFloat] = useState<VendorRow | null>(null);
  const [statement, setStatement] = useState<VendorRow | null>(null);
  const row = dialog?.row;
  return (
    <>
      <ListPage<VendorRow>
        {...crud.listProps}
        rowKey={crud.rowKey}
        columns={vendorColumns(t)}
        exportModule={fileModuleOf(VENDOR_PATHS.export)}
        exportFileName="vendors"
        actionsWidth={300}
        actions={(r) => (
          <>
            <EditAction onClick={() => setDialog({ mode: 'edit', row: r })} />
            <RowAction testId="row-credential" onClick={() => setCredential(r)}>
              {t(r.hasCredential ? 'channel.vendor.rotate' : 'channel.vendor.issue')}
            </RowAction>
            <RowAction testId="row-float" onClick={() => setFloat(r)}>
              {t('channel.vendor.float')}
            </RowAction>
            <RowAction testId="row-statement" onClick={() => setStatement(r)}>
              {t('channel.vendor.statement')}
            </RowAction>
          </>
        )}
      />
      <FormDialog<VendorForm>
        {...crud.dialogProps}
        fields={vendorFields(t, crud.stations.data)}
        initialValues={
          row
            ? { ...row, dailyLimit: row.dailyLimit ?? undefined, remark: row.remark ?? undefined }
            : NEW_VENDOR
        }
        onSubmit={(v) => crud.save(toBody(v))}
      />
      <CredentialDialog
        vendor={credential}
        onClose={() => setCredential(null)}
        onIssued={(s) => {
          setIssued(s);
          void crud.refresh();
        }}
      />
      <SecretDialog issued={issued} onClose={() => setIssued(null)} />
      <FloatDialog vendor={float} onClose={() => setFloat(null)} onDone={crud.refresh} />
      <StatementDrawer vendor={statement} onClose={() => setStatement(null)} />
    </>
  );
}
