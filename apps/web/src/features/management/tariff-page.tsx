import { TARIFF_API, type TariffRow, type TariffStep } from '@prepay/contracts';
import { Button, DatePicker, Descriptions, Form, Grid, Modal, Table, Tag, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditColumns, stationColumn, textColumn } from '../../components/list-page/common-columns';
import {
  crudPrefetch,
  crudTable,
  keyField,
  remarkAndStation,
  remarkField,
  type StationOptions,
  sectionField,
  stationField,
  useCrudPage,
} from '../../components/list-page/crud-page';
import { EditAction } from '../../components/list-page/edit-action';
import { type FieldDef, FormDialog, type FormMode } from '../../components/list-page/form-dialog';
import { type ListColumn, ListPage } from '../../components/list-page/list-page';
import { money } from '../../lib/format';
import { type StepValue, TariffStepsEditor } from './tariff-steps';
import './locales';

const TARIFFS = crudTable('management', 'tariff', TARIFF_API, 'tariffId');
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = crudPrefetch(TARIFFS);
const WIRE = 'YYYY-MM-DD HH:mm:ss';

interface TariffForm {
  tariffId: string;
  tariffName: string;
  price: number | string;
  tax?: number | string | null;
  steps?: StepValue[];
  monthlyCharge?: number | string | null;
  billingDay?: number | null;
  startTime?: Dayjs | null;
  passive?: boolean;
  startTime_New?: Dayjs | null;
  price_New?: number | string | null;
  tax_New?: number | string | null;
  steps_New?: StepValue[];
  monthlyCharge_New?: number | string | null;
  billingDay_New?: number | null;
  remark?: string;
  stationId?: string;
}

const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
const stepsOut = (steps: StepValue[] | undefined) =>
  (steps ?? []).map((s) => ({ start: String(s.start ?? 0), end: str(s.end), price: String(s.price ?? 0) }));
const wireDate = (d: Dayjs | null | undefined) => (d ? d.format(WIRE) : null);
const fromWire = (s: string | null | undefined) => (s ? dayjs(s, WIRE) : null);

/** The tariff's fields as the view lists them: the passive ones when `passive`. */
function viewItems(tt: (k: string) => string, row: TariffRow, passive: boolean) {
  const items: [string, ReactNode][] = [
    ['id', row.tariffId],
    ['name', row.tariffName],
    ['price', money(passive ? row.price_New : row.price)],
    ['tax', String((passive ? row.tax_New : row.tax) ?? '')],
    ['monthlyCharge', money(passive ? row.monthlyCharge_New : row.monthlyCharge)],
    ['billingDay', String((passive ? row.billingDay_New : row.billingDay) ?? '')],
    [passive ? 'startTimeNew' : 'startTime', (passive ? row.startTime_New : row.startTime) ?? ''],
  ];
  return items.map(([key, children]) => ({ key, label: tt(key), children }));
}

function TariffView({ row, passive }: { row: TariffRow; passive: boolean }) {
  const { t } = useTranslation();
  const tt = (k: string) => t(`management.tariff.${k}`);
  const steps: TariffStep[] = (passive ? row.steps_New : row.steps) ?? [];
  return (
    <div data-testid={passive ? 'tariff-view-passive' : 'tariff-view-active'}>
      <Descriptions size="small" bordered column={1} items={viewItems(tt, row, passive)} />
      <Table<TariffStep>
        style={{ marginTop: 12 }}
        size="small"
        bordered
        pagination={false}
        rowKey={(s) => String(s.start)}
        dataSource={steps}
        columns={[
          { key: 'start', dataIndex: 'start', title: tt('stepStart') },
          {
            key: 'end',
            dataIndex: 'end',
            title: tt('stepEnd'),
            render: (v) => (v === null ? tt('openEnd') : v),
          },
          { key: 'price', dataIndex: 'price', title: tt('stepPrice'), render: money },
        ]}
      />
    </div>
  );
}

const tariffKey = (t: TFunction) => (k: string) => t(`management.tariff.${k}`);
const passiveOn = (_m: FormMode, v: Record<string, unknown>) => !v.passive;

const dateField = (t: TFunction, name: string, label: string, required = false): FieldDef => ({
  name,
  label,
  kind: 'custom',
  render: () => (
    <Form.Item
      name={name}
      label={label}
      rules={required ? [{ required: true, message: t('validation.required') }] : []}
    >
      <DatePicker showTime style={{ width: '100%' }} data-testid={`field-${name}`} />
    </Form.Item>
  ),
});

function activeFields(t: TFunction, isAdmin: boolean, stations: StationOptions): FieldDef[] {
  const tt = tariffKey(t);
  return [
    keyField('tariffId', tt('id')),
    { name: 'tariffName', label: tt('name'), kind: 'text', required: true, maxLength: 128 },
    { name: 'price', label: tt('price'), kind: 'money', required: true },
    { name: 'tax', label: tt('tax'), kind: 'number', min: 0, max: 100, decimals: 2 },
    { name: 'monthlyCharge', label: tt('monthlyCharge'), kind: 'money' },
    { name: 'billingDay', label: tt('billingDay'), kind: 'integer', min: 1, max: 28 },
    dateField(t, 'startTime', tt('startTime')),
    stationField(t, isAdmin, stations),
    {
      name: 'stepsEditor',
      label: tt('steps'),
      kind: 'custom',
      wide: true,
      render: () => <TariffStepsEditor name="steps" label={tt('steps')} />,
    },
  ];
}

/** The passive tariff: shown once switched on, taking over at its start time. */
function passiveFields(t: TFunction): FieldDef[] {
  const tt = tariffKey(t);
  return [
    sectionField('passiveDivider', tt('passive')),
    { name: 'passive', label: tt('passiveEnable'), kind: 'switch', wide: true, extra: tt('passiveHint') },
    { ...dateField(t, 'startTime_New', tt('startTimeNew'), true), hidden: passiveOn },
    {
      name: 'price_New',
      label: `${tt('price')} (${tt('passive')})`,
      kind: 'money',
      required: true,
      hidden: passiveOn,
    },
    {
      name: 'tax_New',
      label: `${tt('tax')} (${tt('passive')})`,
      kind: 'number',
      min: 0,
      max: 100,
      decimals: 2,
      hidden: passiveOn,
    },
    {
      name: 'monthlyCharge_New',
      label: `${tt('monthlyCharge')} (${tt('passive')})`,
      kind: 'money',
      hidden: passiveOn,
    },
    {
      name: 'billingDay_New',
      label: `${tt('billingDay')} (${tt('passive')})`,
      kind: 'integer',
      min: 1,
      max: 28,
      hidden: passiveOn,
    },
    {
      name: 'stepsNewEditor',
      label: tt('steps'),
      kind: 'custom',
      wide: true,
      hidden: passiveOn,
      render: () => <TariffStepsEditor name="steps_New" label={`${tt('steps')} (${tt('passive')})`} />,
    },
    remarkField(t),
  ];
}

function tariffColumns(t: TFunction, isAdmin: boolean, stations: StationOptions): ListColumn<TariffRow>[] {
  const tt = tariffKey(t);
  return [
    textColumn('tariffId', tt('id'), 130),
    textColumn('tariffName', tt('name'), 160),
    { key: 'tax', title: tt('tax'), sort: true, width: 120, optional: true },
    { key: 'price', title: tt('price'), sort: true, width: 110, render: money },
    {
      key: 'steps',
      title: tt('steps'),
      width: 90,
      optional: true,
      render: (v) => (Array.isArray(v) ? v.length : 0),
    },
    { key: 'monthlyCharge', title: tt('monthlyCharge'), sort: true, width: 130, render: money },
    { key: 'billingDay', title: tt('billingDay'), sort: true, width: 110, optional: true },
    { key: 'startTime', title: tt('startTime'), sort: true, width: 170, optional: true },
    {
      key: 'startTime_New',
      title: tt('startTimeNew'),
      sort: true,
      width: 200,
      render: (v, row) =>
        row.passiveActivated ? (
          <Tooltip title={tt('activated')}>
            <Tag color="green">{tt('active')}</Tag>
          </Tooltip>
        ) : v ? (
          <Tag color="orange">{String(v)}</Tag>
        ) : (
          ''
        ),
    },
    ...stationColumn<TariffRow>(t, isAdmin, stations),
    ...auditColumns<TariffRow>(t).map((c) => ({ ...c, optional: true })),
  ];
}

function toForm(r: TariffRow): TariffForm {
  return {
    tariffId: r.tariffId,
    tariffName: r.tariffName,
    price: r.price,
    tax: r.tax,
    steps: r.steps,
    monthlyCharge: r.monthlyCharge,
    billingDay: r.billingDay,
    startTime: fromWire(r.startTime),
    passive: r.startTime_New !== null,
    startTime_New: fromWire(r.startTime_New),
    price_New: r.price_New,
    tax_New: r.tax_New,
    steps_New: r.steps_New ?? [],
    monthlyCharge_New: r.monthlyCharge_New,
    billingDay_New: r.billingDay_New,
    remark: r.remark ?? undefined,
    stationId: r.stationId,
  };
}

function toBody(v: TariffForm, row: TariffRow | undefined) {
  const passive = Boolean(v.passive);
  return {
    tariffId: v.tariffId.trim(),
    tariffName: v.tariffName.trim(),
    price: String(v.price),
    tax: str(v.tax) ?? '0',
    steps: stepsOut(v.steps),
    monthlyCharge: str(v.monthlyCharge) ?? '0',
    billingDay: v.billingDay ?? 1,
    startTime: wireDate(v.startTime),
    startTime_New: passive ? wireDate(v.startTime_New) : null,
    price_New: passive ? str(v.price_New) : null,
    tax_New: passive ? str(v.tax_New) : null,
    steps_New: passive ? stepsOut(v.steps_New) : null,
    monthlyCharge_New: passive ? str(v.monthlyCharge_New) : null,
    billingDay_New: passive ? (v.billingDay_New ?? null) : null,
    ...remarkAndStation(v, row),
  };
}

export default function TariffPage() {
  const { t, save, isAdmin, stations, dialog, listProps, dialogProps, setDialog, rowKey } =
    useCrudPage(TARIFFS);
  const tt = tariffKey(t);
  const screens = Grid.useBreakpoint();
  const [view, setView] = useState<{ row: TariffRow; passive: boolean } | null>(null);

  return (
    <>
      <ListPage<TariffRow>
        {...listProps}
        rowKey={rowKey}
        columns={tariffColumns(t, isAdmin, stations.data)}
        importModule="tariff"
        exportModule="tariff"
        exportFileName="tariffs"
        actionsWidth={260}
        actions={(row) => (
          <>
            <EditAction onClick={() => setDialog({ mode: 'edit', row })} />
            <Button size="small" type="link" onClick={() => setView({ row, passive: false })}>
              {tt('viewActive')}
            </Button>
            <Button
              size="small"
              type="link"
              disabled={!row.startTime_New}
              onClick={() => setView({ row, passive: true })}
            >
              {tt('viewPassive')}
            </Button>
          </>
        )}
      />
      <FormDialog<TariffForm>
        {...dialogProps}
        fields={[...activeFields(t, isAdmin, stations.data), ...passiveFields(t)]}
        width={860}
        initialValues={
          dialog?.row
            ? toForm(dialog.row)
            : { tax: 0, monthlyCharge: 0, billingDay: 1, steps: [], passive: false }
        }
        onSubmit={async (v) => {
          await save(toBody(v, dialog?.row));
        }}
      />
      <Modal
        open={view !== null}
        title={view?.passive ? tt('viewPassive') : tt('viewActive')}
        width={screens.md ? 640 : '100%'}
        footer={null}
        onCancel={() => setView(null)}
        destroyOnHidden
      >
        {view && <TariffView row={view.row} passive={view.passive} />}
      </Modal>
    </>
  );
}
