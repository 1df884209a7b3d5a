import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { dlt645Items, type LangTexts } from '../../db/schema.js';
import { COLLECTION_ITEMS } from '../collection/frozen-items.js';

type Names = [en: string, ar: string, es: string, fr: string, pt: string, zh: string];
const texts = ([EN, AR, ES, FR, PT, ZH]: Names): LangTexts => ({ EN, AR, ES, FR, PT, ZH });

const BASIC: Names = [
  'Basic Parameters',
  'المعلمات الأساسية',
  'Parámetros básicos',
  'Paramètres de base',
  'Parâmetros básicos',
  '基本参数',
];
const STATUS: Names = [
  'Status Value',
  'قيمة الحالة',
  'Valor de estado',
  "Valeur d'état",
  'Valor de estado',
  '状态值',
];
const PARAMS: Names = [
  'Meter Parameters',
  'معلمات العداد',
  'Parámetros del medidor',
  'Paramètres du compteur',
  'Parâmetros do medidor',
  '电表参数',
];
const CONTROL: Names = [
  'Disconnect Control',
  'التحكم في الفصل',
  'Control de corte',
  'Contrôle de coupure',
  'Controle de corte',
  '拉合闸控制',
];
const TOKEN: Names = ['Token', 'رمز', 'Token', 'Jeton', 'Token', '令牌'];

export interface Seed {
  type: 0 | 1 | 2 | 3;
  flag: string;
  control: string;
  di: string | null;
  format?: string;
  analysisFormat?: string;
  data?: string;
  group: Names;
  name: Names;
  /** Label of the decoded value, with its unit. */
  prefix?: Names;
}

/**
 * The items the original's screens use (original-api.md §8.1; flags 901F, E421, B630, EFF5, C03D/C03C,
 * A120 are the Calin ones) mapped onto DL/T 645-2007 identifiers (protocols.md §1.6, §1.9), plus the
 * standard readings and settings a field engineer expects.
 */
export const CATALOGUE: readonly Seed[] = [
  {
    type: 0,
    flag: '901F',
    control: '11',
    di: '00010000',
    format: 'XXXXXX.XX',
    group: BASIC,
    name: [
      'Total Consumption',
      'إجمالي الاستهلاك',
      'Consumo total',
      'Consommation totale',
      'Consumo total',
      '总用电量',
    ],
    prefix: [
      'Total Consumption(kWh)',
      'إجمالي الاستهلاك(kWh)',
      'Consumo total(kWh)',
      'Consommation totale(kWh)',
      'Consumo total(kWh)',
      '总用电量(kWh)',
    ],
  },
  {
    type: 0,
    flag: 'E421',
    control: '11',
    di: '00900100',
    format: 'XXXXXX.XX',
    group: BASIC,
    name: ['Credit balance', 'الرصيد', 'Saldo de crédito', 'Solde de crédit', 'Saldo de crédito', '剩余电量'],
    prefix: [
      'Credit balance(kWh)',
      'الرصيد(kWh)',
      'Saldo de crédito(kWh)',
      'Solde de crédit(kWh)',
      'Saldo de crédito(kWh)',
      '剩余电量(kWh)',
    ],
  },
  {
    type: 0,
    flag: 'EFF5',
    control: '11',
    di: '04000503',
    format: 'NNNN',
    analysisFormat: 'relay',
    group: BASIC,
    name: [
      'Relay Status',
      'حالة المرحل',
      'Estado del relé',
      'État du relais',
      'Estado do relé',
      '继电器状态',
    ],
    prefix: [
      'Relay Status',
      'حالة المرحل',
      'Estado del relé',
      'État du relais',
      'Estado do relé',
      '继电器状态',
    ],
  },
  {
    type: 0,
    flag: 'B630',
    control: '11',
    di: '02030000',
    format: 'XX.XXXX',
    group: STATUS,
    name: ['Power', 'القدرة', 'Potencia', 'Puissance', 'Potência', '功率'],
    prefix: ['Power(kW)', 'القدرة(kW)', 'Potencia(kW)', 'Puissance(kW)', 'Potência(kW)', '功率(kW)'],
  },
  {
    type: 0,
    flag: '02010100',
    control: '11',
    di: '02010100',
    format: 'XXX.X',
    group: STATUS,
    name: ['Voltage', 'الجهد', 'Tensión', 'Tension', 'Tensão', '电压'],
    prefix: ['Voltage(V)', 'الجهد(V)', 'Tensión(V)', 'Tension(V)', 'Tensão(V)', '电压(V)'],
  },
  {
    type: 0,
    flag: '02020100',
    control: '11',
    di: '02020100',
    format: 'XXX.XXX',
    group: STATUS,
    name: ['Current', 'التيار', 'Corriente', 'Courant', 'Corrente', '电流'],
    prefix: ['Current(A)', 'التيار(A)', 'Corriente(A)', 'Courant(A)', 'Corrente(A)', '电流(A)'],
  },
  {
    type: 0,
    flag: '00900200',
    control: '11',
    di: '00900200',
    format: 'XXXXXX.XX',
    group: BASIC,
    name: [
      'Remaining Money',
      'المبلغ المتبقي',
      'Dinero restante',
      'Montant restant',
      'Dinheiro restante',
      '剩余金额',
    ],
    prefix: [
      'Remaining Money',
      'المبلغ المتبقي',
      'Dinero restante',
      'Montant restant',
      'Dinheiro restante',
      '剩余金额',
    ],
  },
  {
    type: 0,
    flag: '04000101',
    control: '11',
    di: '04000101',
    format: 'YYMMDDWW',
    group: STATUS,
    name: [
      'Meter Date',
      'تاريخ العداد',
      'Fecha del medidor',
      'Date du compteur',
      'Data do medidor',
      '电表日期',
    ],
    prefix: [
      'Meter Date',
      'تاريخ العداد',
      'Fecha del medidor',
      'Date du compteur',
      'Data do medidor',
      '电表日期',
    ],
  },
  {
    type: 0,
    flag: '04000102',
    control: '11',
    di: '04000102',
    format: 'hhmmss',
    group: STATUS,
    name: [
      'Meter Time',
      'وقت العداد',
      'Hora del medidor',
      'Heure du compteur',
      'Hora do medidor',
      '电表时间',
    ],
    prefix: [
      'Meter Time',
      'وقت العداد',
      'Hora del medidor',
      'Heure du compteur',
      'Hora do medidor',
      '电表时间',
    ],
  },
  {
    type: 0,
    flag: '05060101',
    control: '11',
    di: '05060101',
    format: 'XXXXXX.XX',
    group: BASIC,
    name: [
      'Last Daily Frozen Energy',
      'آخر طاقة مجمدة يومية',
      'Última energía congelada diaria',
      'Dernière énergie figée journalière',
      'Última energia congelada diária',
      '上一次日冻结电量',
    ],
    prefix: [
      'Last Daily Frozen Energy(kWh)',
      'آخر طاقة مجمدة يومية(kWh)',
      'Última energía congelada diaria(kWh)',
      'Dernière énergie figée journalière(kWh)',
      'Última energia congelada diária(kWh)',
      '上一次日冻结电量(kWh)',
    ],
  },
  {
    type: 1,
    flag: 'C010',
    control: '14',
    di: null,
    format: 'YYMMDDWWhhmmss',
    analysisFormat: 'clock',
    group: PARAMS,
    name: [
      'Clock Synchronization',
      'مزامنة الساعة',
      'Sincronización del reloj',
      "Synchronisation de l'horloge",
      'Sincronização do relógio',
      '时钟同步',
    ],
    prefix: [
      'Meter Clock',
      'ساعة العداد',
      'Reloj del medidor',
      'Horloge du compteur',
      'Relógio do medidor',
      '电表时钟',
    ],
  },
  {
    type: 1,
    flag: '04001401',
    control: '14',
    di: '04001401',
    format: 'NNNN',
    group: PARAMS,
    name: [
      'Trip Delay',
      'تأخير الفصل',
      'Retardo de corte',
      'Délai de coupure',
      'Atraso de corte',
      '跳闸延时',
    ],
    prefix: [
      'Trip Delay(min)',
      'تأخير الفصل(min)',
      'Retardo de corte(min)',
      'Délai de coupure(min)',
      'Atraso de corte(min)',
      '跳闸延时(min)',
    ],
  },
  {
    type: 1,
    flag: '04000F01',
    control: '14',
    di: '04000F01',
    format: 'XXXXXX.XX',
    group: PARAMS,
    name: [
      'Alarm Energy 1',
      'طاقة الإنذار 1',
      'Energía de alarma 1',
      "Énergie d'alarme 1",
      'Energia de alarme 1',
      '报警电量1',
    ],
    prefix: [
      'Alarm Energy 1(kWh)',
      'طاقة الإنذار 1(kWh)',
      'Energía de alarma 1(kWh)',
      "Énergie d'alarme 1(kWh)",
      'Energia de alarme 1(kWh)',
      '报警电量1(kWh)',
    ],
  },
  {
    type: 2,
    flag: 'C03D',
    control: '1C',
    di: null,
    data: '1C',
    group: CONTROL,
    name: ['Switch On', 'تشغيل', 'Encender', 'Enclencher', 'Ligar', '合闸'],
    prefix: [
      'Relay Status',
      'حالة المرحل',
      'Estado del relé',
      'État du relais',
      'Estado do relé',
      '继电器状态',
    ],
  },
  {
    type: 2,
    flag: 'C03C',
    control: '1C',
    di: null,
    data: '1A',
    group: CONTROL,
    name: ['Switch Off', 'إيقاف', 'Apagar', 'Déclencher', 'Desligar', '拉闸'],
    prefix: [
      'Relay Status',
      'حالة المرحل',
      'Estado del relé',
      'État du relais',
      'Estado do relé',
      '继电器状态',
    ],
  },
  {
    type: 3,
    flag: 'A120',
    control: '14',
    di: '04A12000',
    format: 'NNNN NNNN NNNN NNNN NNNN',
    analysisFormat: 'token',
    group: TOKEN,
    name: ['Send Token', 'إرسال الرمز', 'Enviar token', 'Envoyer le jeton', 'Enviar token', '下发令牌'],
    prefix: [
      'Token Result',
      'نتيجة الرمز',
      'Resultado del token',
      'Résultat du jeton',
      'Resultado do token',
      '令牌结果',
    ],
  },
  // Frozen data the meter-data collection reads (modules/collection).
  ...COLLECTION_ITEMS,
];

/**
 * The meters' factory write password (level 02) and an operator code: what a new installation starts
 * with; the utility changes it per version through /api/dlt645/update once it has re-keyed its meters.
 */
export const FACTORY_AUTH = { password: '123456', operator: '00000001' };

/** Protocol versions the demo and the live fleet use ("2.2" everywhere live; demo also has "1.0"). */
export const SEEDED_VERSIONS = ['2.2', '1.0'] as const;

/**
 * Adds the catalogue rows that are missing (by version, type, flag); rows an operator changed are kept.
 * Called from bootstrap on the first start (all of `seeds`), and by the collection for its own items;
 * safe from several processes at once.
 */
export async function seedDlt645Catalogue(
  q: Queryable,
  opts = FACTORY_AUTH,
  seeds: readonly Seed[] = CATALOGUE,
) {
  const rows = SEEDED_VERSIONS.flatMap((version) =>
    seeds.map((s) => ({
      version,
      type: s.type,
      flag: s.flag,
      control: s.control,
      di: s.di,
      // Writes and relay commands carry the meter's write password; reads need none.
      password: s.control === '11' ? null : opts.password,
      operator: s.control === '11' ? null : opts.operator,
      passwordLevel: 2,
      data: s.data ?? null,
      format: s.format ?? null,
      analysisFormat: s.analysisFormat ?? null,
      analysisPrefix: s.prefix ? texts(s.prefix) : {},
      typeNames: texts(s.group),
      names: texts(s.name),
      createId: 'system',
    })),
  );
  await q
    .insert(dlt645Items)
    .values(rows)
    .onConflictDoNothing({ target: [dlt645Items.version, dlt645Items.type, dlt645Items.flag] });
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(dlt645Items);
  return Number(row?.n ?? 0);
}
