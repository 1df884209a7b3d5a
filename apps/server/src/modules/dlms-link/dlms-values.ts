import {
  applyScaler,
  DlmsClientError,
  type DlmsData,
  dateTimeToDate,
  numberOf,
  type ScalerUnit,
  unitName,
} from '@prepay/dlms';

/** What an operator types for a setting, as the catalogue row's format encodes it. */
export function dataOfText(format: string | null, text: string): DlmsData {
  const f = (format ?? '').replace(/\(.*\)$/, '');
  const v = text.trim();
  if (f === 'boolean') return { type: 'boolean', value: v === '1' || v.toLowerCase() === 'true' };
  if (f === 'visible-string') return { type: 'visible-string', value: v };
  if (f === 'octet-string') {
    if (!/^([0-9A-Fa-f]{2})*$/.test(v)) throw new DlmsClientError('bad-frame', 'an octet-string is hex');
    return { type: 'octet-string', value: Uint8Array.from(Buffer.from(v, 'hex')) };
  }
  const n = Number(v);
  const numeric = [
    'integer',
    'long',
    'double-long',
    'unsigned',
    'long-unsigned',
    'double-long-unsigned',
    'enum',
  ];
  if (!numeric.includes(f) || !v || !Number.isInteger(n))
    throw new DlmsClientError('bad-frame', `"${text}" is not a value of format ${format ?? 'unknown'}`);
  return { type: f, value: n } as DlmsData;
}

/** "0:Disconnected,1:Connected" → the label of `key`, or undefined. */
export function entryLabel(entry: string | null, key: string): string | undefined {
  for (const pair of (entry ?? '').split(',')) {
    const [k, label] = pair.split(':');
    if (k?.trim() === key && label) return label.trim();
  }
  return undefined;
}

const hexOf = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();

/** A value as the task shows it: numbers, text, hex, a date-time, or the structure's parts. */
export function textOfData(d: DlmsData): string {
  switch (d.type) {
    case 'boolean':
      return d.value ? '1' : '0';
    case 'octet-string':
      return hexOf(d.value);
    case 'visible-string':
    case 'utf8-string':
      return d.value;
    case 'date-time':
      return dateTimeToDate(d.value).toISOString().slice(0, 19).replace('T', ' ');
    case 'array':
    case 'structure':
      return `[${d.value.map(textOfData).join(', ')}]`;
    case 'null':
    case 'dont-care':
      return '';
    default:
      return 'value' in d ? String(d.value) : d.type;
  }
}

/** Wh and varh registers shown in kWh and kvarh, as the catalogue labels them. */
const KILO_UNITS: Record<number, string> = { 30: 'kWh', 32: 'kvarh' };

/** A register's value with its scaler applied, in the unit the catalogue shows. */
export function scaledText(d: DlmsData, su: ScalerUnit): { value: string; unit: string } {
  const scaled = applyScaler(numberOf(d), su.scaler);
  const kilo = KILO_UNITS[su.unit];
  if (kilo) return { value: String(Number((scaled / 1000).toFixed(6))), unit: kilo };
  return { value: String(scaled), unit: unitName(su.unit) };
}
