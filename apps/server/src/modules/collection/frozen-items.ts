import type { Seed } from '../dlt645-item/catalogue-seed.js';

/**
 * Catalogue rows the collection reads (DL/T 645-2007 §A): the n-th last daily freeze — its time
 * (05 06 00 nn) and forward active energy block (05 06 01 nn) — and the forward active total of the
 * n-th last settlement day (00 01 00 nn). The flag is the identifier itself, as for the other
 * standard items. Reading tasks need catalogue rows, and an operator can read any of them by hand.
 */
export const DAILY_FREEZES_READ = 32;
export const SETTLEMENTS_READ = 12;

type Names = Seed['name'];
const FROZEN: Names = [
  'Frozen Data',
  'البيانات المجمدة',
  'Datos congelados',
  'Données figées',
  'Dados congelados',
  '冻结数据',
];

const hex = (di: number) => di.toString(16).padStart(8, '0').toUpperCase();

function dailyTime(n: number): Seed {
  return {
    type: 0,
    flag: hex(0x05060000 + n),
    control: '11',
    di: hex(0x05060000 + n),
    format: 'YYMMDDhhmm',
    group: FROZEN,
    name: [
      `Daily Freeze ${n} Back: Time`,
      `التجميد اليومي ${n}: الوقت`,
      `Congelación diaria ${n} atrás: hora`,
      `Figeage journalier ${n}: heure`,
      `Congelamento diário ${n}: hora`,
      `上${n}次日冻结时间`,
    ],
  };
}

function dailyEnergy(n: number): Seed {
  return {
    type: 0,
    flag: hex(0x05060100 + n),
    control: '11',
    di: hex(0x05060100 + n),
    format: 'XXXXXX.XX',
    group: FROZEN,
    name: [
      `Daily Freeze ${n} Back: Forward Active Energy`,
      `التجميد اليومي ${n}: الطاقة الفعالة`,
      `Congelación diaria ${n} atrás: energía activa`,
      `Figeage journalier ${n}: énergie active`,
      `Congelamento diário ${n}: energia ativa`,
      `上${n}次日冻结正向有功电能`,
    ],
  };
}

function settlement(n: number): Seed {
  return {
    type: 0,
    flag: hex(0x00010000 + n),
    control: '11',
    di: hex(0x00010000 + n),
    format: 'XXXXXX.XX',
    group: FROZEN,
    name: [
      `Settlement ${n} Back: Forward Active Total`,
      `التسوية ${n}: إجمالي الطاقة الفعالة`,
      `Liquidación ${n} atrás: activa total`,
      `Clôture ${n}: active totale`,
      `Fechamento ${n}: ativa total`,
      `上${n}结算日正向有功总电能`,
    ],
  };
}

/**
 * A water meter's state read with yesterday's record (DL/T 645-2007 §A): the cumulative purchased volume
 * (03 32 06 01, the row's "total recharge") and the battery voltage (02 80 00 08, for its percentage).
 */
export const RECHARGE_FLAG = '03320601';
export const BATTERY_FLAG = '02800008';
const WATER_STATE: readonly Seed[] = [
  {
    type: 0,
    flag: RECHARGE_FLAG,
    control: '11',
    di: RECHARGE_FLAG,
    format: 'XXXXXX.XX',
    group: FROZEN,
    name: [
      'Cumulative Purchased Volume',
      'إجمالي الحجم المشترى',
      'Volumen comprado acumulado',
      'Volume acheté cumulé',
      'Volume comprado acumulado',
      '累计购买量',
    ],
  },
  {
    type: 0,
    flag: BATTERY_FLAG,
    control: '11',
    di: BATTERY_FLAG,
    format: 'X.XX',
    group: FROZEN,
    name: [
      'Battery Voltage',
      'جهد البطارية',
      'Tensión de batería',
      'Tension de la pile',
      'Tensão da bateria',
      '电池电压',
    ],
  },
];

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** 05 06 01 01 is already in the base catalogue as "Last Daily Frozen Energy". */
export const COLLECTION_ITEMS: readonly Seed[] = [
  ...range(1, DAILY_FREEZES_READ).map(dailyTime),
  ...range(2, DAILY_FREEZES_READ).map(dailyEnergy),
  ...range(1, SETTLEMENTS_READ).map(settlement),
  ...WATER_STATE,
];

export const dailyTimeFlag = (n: number) => hex(0x05060000 + n);
export const dailyEnergyFlag = (n: number) => hex(0x05060100 + n);
export const settlementFlag = (n: number) => hex(0x00010000 + n);
