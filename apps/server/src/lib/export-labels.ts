import { type ExportLanguage, VendPayment } from '@prepay/contracts';
import { DATA_HEADERS, DATA_VALUES } from './labels-data.js';

/**
 * Exports in the user's language: column titles as the console shows them and coded values
 * as words. A key without a title here keeps its field name (never an empty header).
 */
type Dict = Record<string, string>;

const HEADERS: Record<ExportLanguage, Dict> = {
  en: {
    receiptId: 'Receipt Id',
    customerId: 'Customer Id',
    customerName: 'Customer Name',
    meterId: 'Meter Id',
    meterType: 'Meter Type',
    tariffId: 'Tariff Id',
    purchaseWay: 'Purchase Way',
    totalUnit: 'Total Unit',
    totalPaid: 'Total Paid',
    energyCharge: 'Energy Charge',
    tax: 'VAT Charge',
    monthlyCharge: 'Monthly Charge',
    payDebt: 'Debt Paid',
    remainingDebt: 'Remaining Debt',
    paymentMethod: 'Payment Method',
    token: 'Token',
    tid: 'TID',
    status: 'Status',
    remark: 'Remark',
    createId: 'Operator',
    createDate: 'Date',
    stationId: 'Station Id',
    cancelRemark: 'Cancel Remark',
    cancelId: 'Cancelled By',
    cancelReceiptId: 'Cancel Receipt Id',
    cancelDate: 'Cancel Time',
    maximumPower: 'Maximum Power(W)',
    maximumOverdraft: 'Maximum Overdraft',
    maximumPhasePowerUnbalance: 'Maximum Phase Power Unbalance(W)',
    tokenFirst: 'First Token',
    tokenSecond: 'Second Token',
    confirmed: 'Key Change',
    operator: 'Operator',
    station: 'Station',
    day: 'Day',
    count: 'Vends',
    units: 'Units',
    debtRecovered: 'Debt Recovered',
    cancelledCount: 'Cancelled Vends',
    cancelledTotalPaid: 'Cancelled Amount',
    total: 'Total',
    none: '(none)',
  },
  zh: {
    receiptId: '收据编号',
    customerId: '客户编号',
    customerName: '客户名称',
    meterId: '表号',
    meterType: '表类型',
    tariffId: '费率编号',
    purchaseWay: '购买方式',
    totalUnit: '总电量',
    totalPaid: '总金额',
    energyCharge: '电费',
    tax: '增值税',
    monthlyCharge: '月费',
    payDebt: '还债金额',
    remainingDebt: '剩余债务',
    paymentMethod: '支付方式',
    token: '令牌',
    tid: 'TID',
    status: '状态',
    remark: '备注',
    createId: '操作员',
    createDate: '日期',
    stationId: '站点编号',
    cancelRemark: '撤销备注',
    cancelId: '撤销人',
    cancelReceiptId: '撤销单号',
    cancelDate: '撤销时间',
    maximumPower: '最大功率(W)',
    maximumOverdraft: '最大透支',
    maximumPhasePowerUnbalance: '最大相功率不平衡(W)',
    tokenFirst: '第一个令牌',
    tokenSecond: '第二个令牌',
    confirmed: '换密钥',
    operator: '操作员',
    station: '站点',
    day: '日期',
    count: '售电笔数',
    units: '电量',
    debtRecovered: '回收债务',
    cancelledCount: '撤销笔数',
    cancelledTotalPaid: '撤销金额',
    total: '合计',
    none: '（无）',
  },
  es: {
    receiptId: 'Id de recibo',
    customerId: 'Id de cliente',
    customerName: 'Nombre del cliente',
    meterId: 'Id de medidor',
    meterType: 'Tipo de medidor',
    tariffId: 'Id de tarifa',
    purchaseWay: 'Forma de compra',
    totalUnit: 'Unidades totales',
    totalPaid: 'Total pagado',
    energyCharge: 'Cargo de energía',
    tax: 'IVA',
    monthlyCharge: 'Cargo mensual',
    payDebt: 'Deuda pagada',
    remainingDebt: 'Deuda restante',
    paymentMethod: 'Método de pago',
    token: 'Token',
    tid: 'TID',
    status: 'Estado',
    remark: 'Observación',
    createId: 'Operador',
    createDate: 'Fecha',
    stationId: 'Id de estación',
    cancelRemark: 'Motivo de anulación',
    cancelId: 'Anulado por',
    cancelReceiptId: 'Id de recibo de anulación',
    cancelDate: 'Fecha de anulación',
    maximumPower: 'Potencia máxima (W)',
    maximumOverdraft: 'Sobregiro máximo',
    maximumPhasePowerUnbalance: 'Desequilibrio máximo de potencia de fase (W)',
    tokenFirst: 'Primer token',
    tokenSecond: 'Segundo token',
    confirmed: 'Cambio de clave',
    operator: 'Operador',
    station: 'Estación',
    day: 'Día',
    count: 'Ventas',
    units: 'Unidades',
    debtRecovered: 'Deuda recuperada',
    cancelledCount: 'Ventas anuladas',
    cancelledTotalPaid: 'Importe anulado',
    total: 'Total',
    none: '(ninguno)',
  },
};

/** Coded values as words: meter type, record status, purchase way, key change state. */
const VALUES: Record<ExportLanguage, Record<string, Record<string, string>>> = {
  en: {
    meterType: { 0: 'Electricity', 1: 'Water', 2: 'Gas' },
    status: { 0: 'Issued', 1: 'Cancelled' },
    purchaseWay: { 0: 'Vend By Total Paid', 1: 'Vend By Total Unit' },
    confirmed: { true: 'Confirmed', false: 'Pending' },
  },
  zh: {
    meterType: { 0: '电表', 1: '水表', 2: '气表' },
    status: { 0: '已发行', 1: '已撤销' },
    purchaseWay: { 0: '按金额购买', 1: '按电量购买' },
    confirmed: { true: '已确认', false: '待确认' },
  },
  es: {
    meterType: { 0: 'Electricidad', 1: 'Agua', 2: 'Gas' },
    status: { 0: 'Emitido', 1: 'Anulado' },
    purchaseWay: { 0: 'Venta por total pagado', 1: 'Venta por unidades' },
    confirmed: { true: 'Confirmado', false: 'Pendiente' },
  },
};

/** Money columns: written as numbers with the 0.00 format (never text, never a formula). */
export const MONEY_KEYS: ReadonlySet<string> = new Set([
  ...Object.keys(VendPayment),
  'payDebt',
  'remainingDebt',
  'maximumOverdraft',
  'debtRecovered',
  'cancelledTotalPaid',
  'totalDebt',
  'paidDebt',
  'lastPurchasePaid',
  'purchaseTotalPaid',
]);
export const UNIT_KEYS: ReadonlySet<string> = new Set([
  'totalUnit',
  'units',
  'lastPurchaseUnit',
  'purchaseTotalUnit',
]);

/** "zh", "zh-CN", "es-ES" … to the export's language; anything else is English. */
export function exportLanguage(lang: string | null | undefined): ExportLanguage {
  const base = (lang ?? '').trim().toLowerCase().slice(0, 2);
  return base === 'zh' || base === 'es' ? base : 'en';
}

export function headerOf(lang: ExportLanguage, key: string): string {
  return HEADERS[lang][key] ?? DATA_HEADERS[lang][key] ?? HEADERS.en[key] ?? DATA_HEADERS.en[key] ?? key;
}

const wordsOf = (lang: ExportLanguage, dict: string): Record<string, string> | undefined =>
  VALUES[lang][dict] ?? DATA_VALUES[lang][dict];

/**
 * A cell as the user reads it: coded values in words (by the column's own dictionary, or `dict` where
 * the same key means different things in different lists), yes/no for flags; everything else unchanged.
 */
export function humanValue(lang: ExportLanguage, key: string, value: unknown, dict = key): unknown {
  if (value === null || value === undefined) return value;
  const words = wordsOf(lang, dict);
  if (words) return words[String(value)] ?? value;
  if (typeof value === 'boolean') return headerOf(lang, value ? 'yes' : 'no');
  return value;
}

/**
 * A coded column's names: each code with its name per language ('en', 'zh', 'es', and for a dictionary
 * kept in the item table also 'ar', 'fr', 'pt'). Built once per import or export.
 */
export type CodeNames = Record<string, Partial<Record<string, string>>>;

/** The names of a dictionary kept in this file; undefined for one kept elsewhere (the item table). */
export function staticCodeNames(dict: string): CodeNames | undefined {
  const en = wordsOf('en', dict);
  if (!en) return undefined;
  const langs: ExportLanguage[] = ['en', 'zh', 'es'];
  return Object.fromEntries(
    Object.keys(en).map((code) => [
      code,
      Object.fromEntries(langs.map((l) => [l, wordsOf(l, dict)?.[code]])),
    ]),
  );
}

/** A code's name in the language, else in English; undefined for a code the dictionary lacks. */
export function nameOf(names: CodeNames, lang: ExportLanguage, code: unknown): string | undefined {
  const entry = names[String(code)];
  return entry?.[lang] || entry?.en || undefined;
}

const plain = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** The code a typed value stands for: the code itself or its name in any language; undefined if none. */
export function codeOf(names: CodeNames, typed: string): string | undefined {
  const want = plain(typed);
  return Object.keys(names).find(
    (code) =>
      plain(code) === want ||
      Object.values(names[code] ?? {}).some((n) => n !== undefined && plain(n) === want),
  );
}

/** "0 (Electricity), 1 (Water), 2 (Gas)": what a coded column accepts, for error messages. */
export function acceptedValues(names: CodeNames, lang: ExportLanguage = 'en'): string {
  return Object.keys(names)
    .map((code) => {
      const name = nameOf(names, lang, code);
      return name ? `${code} (${name})` : code;
    })
    .join(', ');
}

/** Number format of a column: money with 2 places, units with 1. */
export function numberFormatOf(key: string): string | undefined {
  if (MONEY_KEYS.has(key)) return '0.00';
  if (UNIT_KEYS.has(key)) return '0.0';
  return undefined;
}

let englishTitles: Map<string, string> | undefined;
/** A column title as English shows it ("Decoder Key") in `lang`; null when no column has that title. */
export function titleIn(lang: ExportLanguage, englishTitle: string): string | null {
  englishTitles ??= new Map(
    [...Object.entries(DATA_HEADERS.en), ...Object.entries(HEADERS.en)].map(([key, title]) => [title, key]),
  );
  const key = englishTitles.get(englishTitle);
  return key === undefined ? null : headerOf(lang, key);
}
