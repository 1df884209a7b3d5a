import { METER_API, type MeterRow, type RequestOf } from '@prepay/contracts';
import { Form, Input, Radio, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  auditColumns,
  optionColumn,
  stationColumn,
  textColumn,
} from '../../components/list-page/common-columns';
import {
  crudPage,
  keyField,
  remarkAndStation,
  remarkField,
  type StationOptions,
  sectionField,
  stationField,
} from '../../components/list-page/crud-page';
import type { FieldDef, FormMode } from '../../components/list-page/form-dialog';
import type { ListColumn } from '../../components/list-page/list-page';
import {
  baseYearOptions,
  communicationOptions,
  meterTypeOptions,
  phaseOptions,
  STS_KEY_INTEGERS,
} from '../../components/meter-options';
import { linkStates, stateColumn } from '../../components/state-column';
import { managementTable } from './management-page';
import { type DlmsForm, dlmsBody, dlmsColumns, dlmsFields } from './meter-dlms';

type KeySource = 'derive' | 'enter' | 'keep';
/** One meter as the create and update calls take it. */
type MeterLine = RequestOf<typeof METER_API.create>[number];

interface MeterForm extends DlmsForm {
  meterId: string;
  type?: 0 | 1 | 2;
  isThreePhase?: 0 | 1 | 2;
  communicationWay?: number;
  devEui?: string | null;
  protocolVersion?: string;
  lat?: number | string | null;
  lng?: number | string | null;
  transformerId?: string | null;
  ea?: '07' | '11';
  baseYear?: MeterLine['baseYear'];
  sgc?: string;
  krn?: number | null;
  ken?: number | null;
  ti?: number | null;
  kt?: number | null;
  keySource?: KeySource;
  decoderKey?: string;
  remark?: string;
  stationId?: string;
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

const meterKey = (t: TFunction) => (k: string) => t(`management.meter.${k}`);

const stsField = (
  m: (k: string) => string,
  name: string,
  kind: 'integer' | 'text',
  min?: number,
  max?: number,
): FieldDef => ({
  name,
  label: m(name),
  kind,
  min,
  max,
  ...(name === 'sgc' ? { rules: [{ pattern: /^\d{6}$/, message: 'SGC: 6 digits' }] } : {}),
});

function deviceFields(t: TFunction, isAdmin: boolean, stations: StationOptions): FieldDef[] {
  const m = meterKey(t);
  return [
    keyField('meterId', m('id'), { rules: [{ pattern: /^[0-9A-Za-z_-]+$/, message: m('id') }] }),
    { name: 'type', label: m('type'), kind: 'select', required: true, options: meterTypeOptions(t) },
    { name: 'isThreePhase', label: m('phase'), kind: 'select', required: true, options: phaseOptions(t) },
    {
      name: 'communicationWay',
      label: m('communicationWay'),
      kind: 'select',
      required: true,
      options: communicationOptions(t),
    },
    {
      name: 'devEui',
      label: m('devEui'),
      kind: 'text',
      maxLength: 16,
      placeholder: '70b3d5e75e000001',
      extra: m('devEuiHint'),
      rules: [{ pattern: /^[0-9A-Fa-f]{16}$/, message: m('devEuiInvalid') }],
    },
    { name: 'protocolVersion', label: m('protocolVersion'), kind: 'text', maxLength: 32 },
    { name: 'lng', label: m('lng'), kind: 'number', min: -180, max: 180 },
    { name: 'lat', label: m('lat'), kind: 'number', min: -90, max: 90 },
    { name: 'transformerId', label: m('transformerId'), kind: 'text', maxLength: 64 },
    stationField(t, isAdmin, stations),
  ];
}

/** The STS key fields and the decoder key. */
function stsFields(t: TFunction): FieldDef[] {
  const m = meterKey(t);
  return [
    sectionField('stsDivider', m('stsTitle')),
    {
      name: 'ea',
      label: m('ea'),
      kind: 'select',
      options: [
        { value: '07', label: 'EA07 (STA)' },
        { value: '11', label: 'EA11 (MISTY1)' },
      ],
    },
    {
      name: 'baseYear',
      label: m('baseYear'),
      kind: 'select',
      options: baseYearOptions(),
    },
    stsField(m, 'sgc', 'text'),
    ...STS_KEY_INTEGERS.map(([name, min, max]) => stsField(m, name, 'integer', min, max)),
    {
      name: 'decoder',
      label: m('decoderKey'),
      kind: 'custom',
      wide: true,
      render: (_form, mode) => <DecoderKeyField mode={mode} />,
    },
    remarkField(t),
  ];
}

/** How the decoder key is set: derived (create) or kept (edit), or entered, write-only. */
function DecoderKeyField({ mode }: { mode: FormMode }) {
  const { t } = useTranslation();
  const m = meterKey(t);
  return (
    <>
      <Form.Item name="keySource" label={m('keySource')}>
        <Radio.Group data-testid="field-keySource">
          {mode === 'edit' ? (
            <Radio value="keep">{m('keyKeep')}</Radio>
          ) : (
            <Radio value="derive">{m('keyDerive')}</Radio>
          )}
          <Radio value="enter">{m('keyEnter')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.keySource !== b.keySource}>
        {({ getFieldValue }) =>
          getFieldValue('keySource') === 'enter' ? (
            <Form.Item
              name="decoderKey"
              label={m('decoderKey')}
              extra={m('keyHint')}
              rules={[
                { required: true, message: t('validation.required') },
                {
                  pattern: /^([0-9A-Fa-f]{16}|[0-9A-Fa-f]{32})$/,
                  message: t('validation.hex', { length: '16 / 32' }),
                },
              ]}
            >
              {/* Write-only: a password input, never pre-filled, never echoed back by the server. */}
              <Input.Password
                data-testid="field-decoderKey"
                autoComplete="new-password"
                visibilityToggle={false}
                maxLength={32}
              />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      {mode === 'edit' && <Typography.Text type="secondary">{m('newKeysHint')}</Typography.Text>}
    </>
  );
}

function deviceColumns(t: TFunction): ListColumn<MeterRow>[] {
  const m = meterKey(t);
  return [
    textColumn<MeterRow>('meterId', m('id'), 140),
    // Whose supply the meter serves: what an engineer or cashier looks a meter up by.
    textColumn<MeterRow>('customerName', m('owner'), 160),
    optionColumn<MeterRow>('type', m('type'), meterTypeOptions(t), 100),
    textColumn<MeterRow>('protocolVersion', m('protocolVersion'), 140, { optional: true }),
    { ...optionColumn<MeterRow>('isThreePhase', m('phase'), phaseOptions(t), 150), optional: true },
    {
      ...optionColumn<MeterRow>('communicationWay', m('communicationWay'), communicationOptions(t), 160),
      optional: true,
    },
    stateColumn<MeterRow>('online', m('link'), linkStates(t), 120),
    { key: 'servingGatewayId', title: m('servingGateway'), width: 210, optional: true },
    { key: 'lastSeen', title: m('lastSeen'), width: 170 },
    textColumn<MeterRow>('devEui', m('devEui'), 180, { optional: true }),
    { key: 'lng', title: m('lng'), sort: true, width: 100, optional: true },
    { key: 'lat', title: m('lat'), sort: true, width: 100, optional: true },
    textColumn<MeterRow>('transformerId', m('transformerId'), 140, { optional: true }),
    stateColumn<MeterRow>(
      'status',
      m('status'),
      [
        { value: false, label: m('unused') },
        { value: true, label: m('used'), color: 'blue' },
      ],
      100,
      { sort: true },
    ),
  ];
}

/** The STS key columns, then the pending key-change ones. */
function stsColumns(t: TFunction): ListColumn<MeterRow>[] {
  const m = meterKey(t);
  const newCols: ListColumn<MeterRow>[] = ['baseYearNew', 'sgcNew', 'krnNew', 'kenNew', 'tiNew', 'ktNew'].map(
    (k) => ({ key: k, title: m(k), width: 110, optional: true }),
  );
  return [
    stateColumn<MeterRow>(
      'hasDecoderKey',
      m('hasDecoderKey'),
      [
        { value: true, label: m('keySet'), color: 'green' },
        { value: false, label: m('keyMissing'), color: 'red' },
      ],
      120,
    ),
    { key: 'ea', title: m('ea'), width: 90, optional: true, render: (v) => (v ? `EA${v}` : '') },
    {
      key: 'baseYear',
      title: m('baseYear'),
      filter: {
        kind: 'select',
        options: baseYearOptions(),
      },
      sort: true,
      width: 110,
      optional: true,
    },
    textColumn('sgc', m('sgc'), 100, { optional: true }),
    { key: 'krn', title: m('krn'), sort: true, width: 80, optional: true },
    { key: 'ken', title: m('ken'), sort: true, width: 80, optional: true },
    { key: 'ti', title: m('ti'), sort: true, width: 80, optional: true },
    { key: 'kt', title: m('kt'), sort: true, width: 80, optional: true },
    ...newCols,
  ];
}

/** The write body; the decoder key only when one was entered. */
function toBody(v: MeterForm, row: MeterRow | undefined): MeterLine {
  const body: MeterLine = {
    meterId: v.meterId.trim(),
    type: v.type,
    isThreePhase: v.isThreePhase,
    communicationWay: v.communicationWay,
    devEui: v.devEui?.trim() || null,
    protocolVersion: v.protocolVersion || null,
    lat: num(v.lat),
    lng: num(v.lng),
    transformerId: v.transformerId?.trim() || null,
    ea: v.ea,
    baseYear: v.baseYear ?? null,
    sgc: v.sgc || null,
    krn: num(v.krn),
    ken: num(v.ken),
    ti: num(v.ti),
    kt: num(v.kt),
    ...dlmsBody(v),
    ...remarkAndStation(v, row),
  };
  if (v.keySource === 'enter' && v.decoderKey) body.decoderKey = v.decoderKey.trim();
  return body;
}

const NEW_METER: Partial<MeterForm> = {
  type: 0,
  isThreePhase: 0,
  communicationWay: 1,
  ea: '07',
  baseYear: 1993,
  kt: 2,
  keySource: 'derive',
};

const page = crudPage<typeof METER_API, MeterForm>({
  ...managementTable('meter', METER_API, 'meterId'),
  columns: (t, isAdmin, stations) => [
    ...deviceColumns(t),
    ...stsColumns(t),
    ...dlmsColumns(t),
    ...stationColumn<MeterRow>(t, isAdmin, stations),
    ...auditColumns<MeterRow>(t).map((c) => ({ ...c, optional: true })),
  ],
  fields: (t, isAdmin, stations) => [
    ...deviceFields(t, isAdmin, stations),
    ...dlmsFields(t),
    ...stsFields(t),
  ],
  initialValues: (row) => (row ? { ...row, keySource: 'keep' } : NEW_METER),
  toBody,
});
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = page.prefetch;
export default page.Page;
