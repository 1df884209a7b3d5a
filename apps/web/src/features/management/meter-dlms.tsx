import { CommunicationWay, type METER_API, type MeterRow, type RequestOf } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import { optionColumn, textColumn } from '../../components/list-page/common-columns';
import { sectionField } from '../../components/list-page/crud-page';
import type { FieldDef } from '../../components/list-page/form-dialog';
import type { ListColumn } from '../../components/list-page/list-page';
import { stateColumn } from '../../components/state-column';

type MeterLine = RequestOf<typeof METER_API.create>[number];

/** What the DLMS part of the meter form holds. The secrets are typed in, never filled from a row. */
export interface DlmsForm {
  communicationWay?: number;
  ipAddress?: string | null;
  ipPort?: number | string | null;
  dlmsClientAddress?: number | string | null;
  dlmsServerAddress?: number | string | null;
  dlmsAuthentication?: MeterLine['dlmsAuthentication'];
  dlmsSystemTitle?: string;
  dlmsPassword?: string;
  dlmsAuthenticationKey?: string;
  dlmsBlockCipherKey?: string;
}

const m = (t: TFunction) => (k: string) => t(`management.meter.dlms.${k}`);
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
/** The head-end dials IP meters (GPRS); a LoRaWAN meter is reached through its network server instead. */
const notIp = (_mode: unknown, v: Record<string, unknown>) => v.communicationWay !== CommunicationWay.gprs;
const HEX32 = /^[0-9A-Fa-f]{32}$/;

const authenticationOptions = (t: TFunction) => [
  { value: 'none', label: m(t)('authNone') },
  { value: 'low', label: m(t)('authLow') },
  { value: 'high-gmac', label: m(t)('authHigh') },
];

/** A write-only secret: a password input, empty keeps what the key store holds. */
function secretField(t: TFunction, name: string, rules: FieldDef['rules'], maxLength: number): FieldDef {
  return {
    name,
    label: m(t)(name),
    kind: 'password',
    maxLength,
    extra: m(t)('secretHint'),
    hidden: notIp,
    rules,
  };
}

/** Where the head-end reaches a GPRS meter and how it associates (DLMS/COSEM), shown for GPRS meters. */
export function dlmsFields(t: TFunction): FieldDef[] {
  const d = m(t);
  const hexKey = [{ pattern: HEX32, message: t('validation.hex', { length: 32 }) }];
  return [
    { ...sectionField('dlmsDivider', d('title')), hidden: notIp },
    {
      name: 'ipAddress',
      label: d('ipAddress'),
      kind: 'text',
      maxLength: 253,
      placeholder: '10.20.0.15',
      hidden: notIp,
      rules: [{ pattern: /^[0-9A-Za-z.:-]{1,253}$/, message: d('ipInvalid') }],
    },
    {
      name: 'ipPort',
      label: d('ipPort'),
      kind: 'integer',
      min: 1,
      max: 65535,
      placeholder: '4059',
      hidden: notIp,
    },
    {
      name: 'dlmsClientAddress',
      label: d('clientAddress'),
      kind: 'integer',
      min: 0,
      max: 65535,
      hidden: notIp,
    },
    {
      name: 'dlmsServerAddress',
      label: d('serverAddress'),
      kind: 'integer',
      min: 0,
      max: 65535,
      hidden: notIp,
    },
    {
      name: 'dlmsAuthentication',
      label: d('authentication'),
      kind: 'select',
      options: authenticationOptions(t),
      hidden: notIp,
    },
    {
      name: 'dlmsSystemTitle',
      label: d('systemTitle'),
      kind: 'text',
      maxLength: 16,
      extra: m(t)('systemTitleHint'),
      hidden: notIp,
      rules: [{ pattern: /^[0-9A-Fa-f]{16}$/, message: t('validation.hex', { length: 16 }) }],
    },
    secretField(t, 'dlmsPassword', [], 64),
    secretField(t, 'dlmsAuthenticationKey', hexKey, 32),
    secretField(t, 'dlmsBlockCipherKey', hexKey, 32),
  ];
}

/** The DLMS columns: optional, for the engineer who commissions IP meters. Secrets show only as set or not. */
export function dlmsColumns(t: TFunction): ListColumn<MeterRow>[] {
  const d = m(t);
  return [
    textColumn<MeterRow>('ipAddress', d('ipAddress'), 140, { optional: true }),
    { key: 'ipPort', title: d('ipPort'), width: 90, optional: true },
    {
      ...optionColumn<MeterRow>('dlmsAuthentication', d('authentication'), authenticationOptions(t), 150),
      optional: true,
    },
    {
      ...stateColumn<MeterRow>(
        'hasDlmsSecrets',
        d('hasSecrets'),
        [
          { value: true, label: d('secretsSet'), color: 'green' },
          { value: false, label: d('secretsNone') },
        ],
        130,
      ),
      optional: true,
    },
  ];
}

/**
 * The DLMS part of the write body, for GPRS meters only (a meter of another way keeps what is stored).
 * The system title and the secrets go only when typed: rows never carry them back, and an omitted field
 * keeps the stored value where null would clear it.
 */
export function dlmsBody(v: DlmsForm): Partial<MeterLine> {
  if (v.communicationWay !== CommunicationWay.gprs) return {};
  const body: Partial<MeterLine> = {
    ipAddress: v.ipAddress?.trim() || null,
    ipPort: num(v.ipPort),
    dlmsClientAddress: num(v.dlmsClientAddress),
    dlmsServerAddress: num(v.dlmsServerAddress),
    dlmsAuthentication: v.dlmsAuthentication ?? null,
  };
  if (v.dlmsSystemTitle?.trim()) body.dlmsSystemTitle = v.dlmsSystemTitle.trim();
  if (v.dlmsPassword) body.dlmsPassword = v.dlmsPassword;
  if (v.dlmsAuthenticationKey) body.dlmsAuthenticationKey = v.dlmsAuthenticationKey.trim();
  if (v.dlmsBlockCipherKey) body.dlmsBlockCipherKey = v.dlmsBlockCipherKey.trim();
  return body;
}
