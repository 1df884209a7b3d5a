import { DI, dailyFrozenForwardActive, dailyFrozenReverseActive, dailyFrozenTime, energyDi } from './di.js';
import {
  blockFormat,
  type DecodedValue,
  demandFormat,
  FORMATS,
  type ItemValue,
  type ValueFormat,
} from './formats.js';

export interface DataItem {
  di: number;
  name: string;
  /** The standard's format string: 'XXXXXX.XX', 'YYMMDDWW', 'hhmmss', 'NNNN', 'status', … (blocks: 'XXXXXX.XX*5'). */
  format: string;
  /** Value bytes (after the DI); nominal for blocks. */
  length: number;
  unit?: string;
  /** Decimal places of a numeric value (its scale: raw BCD integer / 10^decimals). */
  decimals?: number;
  signed?: boolean;
  /** 'read' items answer C=11; 'write' items are only set with C=14. */
  access: 'read' | 'write' | 'read-write';
  decode(value: Uint8Array): DecodedValue;
  encode(v: ItemValue): Uint8Array;
}

function item(
  di: number,
  name: string,
  format: ValueFormat,
  unit?: string,
  access: DataItem['access'] = 'read',
): DataItem {
  return {
    di: di >>> 0,
    name,
    format: format.name,
    length: format.length,
    ...(unit ? { unit } : {}),
    ...(format.decimals !== undefined ? { decimals: format.decimals } : {}),
    ...(format.signed ? { signed: true } : {}),
    access,
    decode: format.decode,
    encode: format.encode,
  };
}

const TARIFF_LABELS = ['total', 'tariff1', 'tariff2', 'tariff3', 'tariff4'] as const;
const tariffLabel = (i: number) => (i === 0 ? 'total' : `tariff${i}`);
const PHASES = ['a', 'b', 'c'] as const;
const TOTAL_PHASES = ['total', 'a', 'b', 'c'] as const;

const ENERGY_QUANTITIES = [
  { code: 0x00, name: 'combined active energy', format: FORMATS['XXXXXX.XX signed'] },
  { code: 0x01, name: 'forward active energy', format: FORMATS['XXXXXX.XX'] },
  { code: 0x02, name: 'reverse active energy', format: FORMATS['XXXXXX.XX'] },
] as const;

function energyItems(): DataItem[] {
  const items: DataItem[] = [];
  for (const q of ENERGY_QUANTITIES) {
    const block = blockFormat(q.format, TARIFF_LABELS, tariffLabel);
    for (let period = 0; period <= 12; period++) {
      const when = period === 0 ? '' : `, settlement ${period} back`;
      items.push(item(energyDi(q.code, 0, period), `${q.name} total${when}`, q.format, 'kWh'));
      for (let tariff = 1; tariff <= 4; tariff++) {
        items.push(
          item(energyDi(q.code, tariff, period), `${q.name} tariff ${tariff}${when}`, q.format, 'kWh'),
        );
      }
      items.push(item(energyDi(q.code, 0xff, period), `${q.name} block${when}`, block, 'kWh'));
    }
  }
  return items;
}

function instantaneousItems(): DataItem[] {
  const v = FORMATS['XXX.X'];
  const i = FORMATS['XXX.XXX signed'];
  const p = FORMATS['XX.XXXX signed'];
  const pf = FORMATS['X.XXX signed'];
  const items: DataItem[] = [];
  PHASES.forEach((ph, n) => {
    const P = ph.toUpperCase();
    items.push(item(0x02010100 + (n << 8), `voltage ${P}`, v, 'V'));
    items.push(item(0x02020100 + (n << 8), `current ${P}`, i, 'A'));
  });
  items.push(item(DI.VOLTAGE_BLOCK, 'voltage block', blockFormat(v, PHASES), 'V'));
  items.push(item(DI.CURRENT_BLOCK, 'current block', blockFormat(i, PHASES), 'A'));
  const powers = [
    { base: 0x02030000, name: 'active power', unit: 'kW' },
    { base: 0x02040000, name: 'reactive power', unit: 'kvar' },
    { base: 0x02050000, name: 'apparent power', unit: 'kVA' },
  ];
  for (const pw of powers) {
    TOTAL_PHASES.forEach((ph, n) => {
      items.push(
        item(pw.base + (n << 8), `${pw.name} ${ph === 'total' ? 'total' : ph.toUpperCase()}`, p, pw.unit),
      );
    });
    items.push(item(pw.base + 0xff00, `${pw.name} block`, blockFormat(p, TOTAL_PHASES), pw.unit));
  }
  TOTAL_PHASES.forEach((ph, n) => {
    items.push(
      item(0x02060000 + (n << 8), `power factor ${ph === 'total' ? 'total' : ph.toUpperCase()}`, pf),
    );
  });
  items.push(item(DI.POWER_FACTOR_BLOCK, 'power factor block', blockFormat(pf, TOTAL_PHASES)));
  items.push(item(DI.FREQUENCY, 'grid frequency', FORMATS['XX.XX'], 'Hz'));
  items.push(item(DI.METER_TEMPERATURE, 'meter temperature', FORMATS['XXX.X signed'], '°C'));
  items.push(item(DI.CLOCK_BATTERY_VOLTAGE, 'clock battery voltage', FORMATS['X.XX'], 'V'));
  items.push(item(DI.CURRENT_PRICE, 'current price', FORMATS['XXXX.XXXX'], 'currency/kWh'));
  items.push(item(DI.FORWARD_ACTIVE_MAX_DEMAND, 'forward active max demand', demandFormat(), 'kW'));
  return items;
}

function prepaymentItems(): DataItem[] {
  const e = FORMATS['XXXXXX.XX'];
  return [
    item(DI.REMAINING_ENERGY, 'remaining energy', e, 'kWh'),
    item(DI.OVERDRAFT_ENERGY, 'overdraft energy', e, 'kWh'),
    item(DI.REMAINING_MONEY, 'remaining money', e, 'currency'),
    item(DI.OVERDRAFT_MONEY, 'overdraft money', e, 'currency'),
    item(DI.PURCHASE_COUNT_ENERGY, 'purchase count (energy)', FORMATS.NNNN),
    item(DI.PURCHASED_ENERGY_TOTAL, 'cumulative purchased energy', e, 'kWh'),
    item(DI.PURCHASE_COUNT_MONEY, 'purchase count (money)', FORMATS.NNNN),
    item(DI.PURCHASED_MONEY_TOTAL, 'cumulative purchased money', e, 'currency'),
    item(DI.ALARM_ENERGY_1, 'alarm energy 1', e, 'kWh', 'read-write'),
    item(DI.ALARM_ENERGY_2, 'alarm energy 2', e, 'kWh', 'read-write'),
    item(DI.OVERDRAFT_ENERGY_LIMIT, 'overdraft energy limit', e, 'kWh', 'read-write'),
    item(DI.ALARM_MONEY_1, 'alarm money 1', e, 'currency', 'read-write'),
    item(DI.ALARM_MONEY_2, 'alarm money 2', e, 'currency', 'read-write'),
    item(DI.OVERDRAFT_MONEY_LIMIT, 'overdraft money limit', e, 'currency', 'read-write'),
    item(DI.HOARDING_MONEY_LIMIT, 'hoarding money limit', e, 'currency', 'read-write'),
    item(DI.CLOSE_ALLOWED_MONEY_LIMIT, 'close-allowed money limit', e, 'currency', 'read-write'),
    item(DI.TOKEN_ENTRY, 'token entry (vendor)', FORMATS.token, undefined, 'write'),
  ];
}

function parameterItems(): DataItem[] {
  const items: DataItem[] = [
    item(DI.DATE, 'date and weekday', FORMATS.YYMMDDWW, undefined, 'read-write'),
    item(DI.TIME, 'time', FORMATS.hhmmss, undefined, 'read-write'),
    item(DI.DATE_TIME, 'date, weekday and time', FORMATS.YYMMDDWWhhmmss, undefined, 'read-write'),
    item(DI.COMM_ADDRESS, 'communication address', FORMATS.address, undefined, 'read-write'),
    item(DI.METER_NUMBER, 'meter number', FORMATS.address, undefined, 'read-write'),
    item(DI.TRIP_DELAY, 'trip delay', FORMATS.NNNN, 'min', 'read-write'),
  ];
  for (let n = 1; n <= 7; n++) items.push(item(0x04000500 + n, `run status word ${n}`, FORMATS.status));
  const words = ['word1', 'word2', 'word3', 'word4', 'word5', 'word6', 'word7'];
  items.push(item(DI.RUN_STATUS_BLOCK, 'run status words 1-7', blockFormat(FORMATS.status, words)));
  return items;
}

/** Daily freezes: the last 62 days' freeze time and forward/reverse active energy blocks. */
function frozenItems(): DataItem[] {
  const items: DataItem[] = [];
  const block = blockFormat(FORMATS['XXXXXX.XX'], TARIFF_LABELS, tariffLabel);
  for (let n = 1; n <= 62; n++) {
    items.push(item(dailyFrozenTime(n), `daily freeze ${n} back: time`, FORMATS.YYMMDDhhmm));
    items.push(
      item(dailyFrozenForwardActive(n), `daily freeze ${n} back: forward active energy`, block, 'kWh'),
    );
    items.push(
      item(dailyFrozenReverseActive(n), `daily freeze ${n} back: reverse active energy`, block, 'kWh'),
    );
  }
  return items;
}

export const DATA_ITEMS: readonly DataItem[] = Object.freeze([
  ...energyItems(),
  ...instantaneousItems(),
  ...prepaymentItems(),
  ...parameterItems(),
  ...frozenItems(),
]);

const BY_DI = new Map(DATA_ITEMS.map((i) => [i.di, i]));

export function findDataItem(di: number): DataItem | undefined {
  return BY_DI.get(di >>> 0);
}
