import { z } from 'zod';
import type { Seed } from './catalogue-seed.repo.js';
import frozenData from './frozen-items.json' with { type: 'json' };

/**
 * Catalogue rows the collection reads (DL/T 645-2007 §A): the n-th last daily freeze — its time
 * (05 06 00 nn) and forward active energy block (05 06 01 nn) — and the forward active total of the
 * n-th last settlement day (00 01 00 nn). The flag is the identifier itself, as for the other
 * standard items. Reading tasks need catalogue rows, and an operator can read any of them by hand.
 */
export const DAILY_FREEZES_READ = 32;
export const SETTLEMENTS_READ = 12;

// Its own schema: catalogue-seed.repo.ts imports this file, so a value import back would be a cycle.
const Names = z.tuple([z.string(), z.string(), z.string(), z.string(), z.string(), z.string()]);
const numbered = (names: Seed['name'], n: number) =>
  Names.parse(names.map((t) => t.replaceAll('{n}', String(n))));
const Texts = z.object({ format: z.string(), name: Names });
// Names and display formats are data (frozen-items.json, checked at load); identifiers are computed.
const FROZEN = z
  .object({
    group: Names,
    series: z.object({ dailyTime: Texts, dailyEnergy: Texts, settlement: Texts }),
    waterState: z.object({ recharge: Texts, battery: Texts }),
  })
  .parse(frozenData);

/** A read of one identifier (the flag is the identifier itself, as for the other standard items). */
function frozenItem(di: string, texts: z.infer<typeof Texts>): Seed {
  return { type: 0, flag: di, control: '11', di, ...texts, group: FROZEN.group };
}

const hex = (di: number) => di.toString(16).padStart(8, '0').toUpperCase();
const DAILY_TIME = 0x05060000;
const DAILY_ENERGY = 0x05060100;
const SETTLEMENT = 0x00010000;
export const dailyTimeFlag = (n: number) => hex(DAILY_TIME + n);
export const dailyEnergyFlag = (n: number) => hex(DAILY_ENERGY + n);
export const settlementFlag = (n: number) => hex(SETTLEMENT + n);

/**
 * A water meter's state read with yesterday's record (DL/T 645-2007 §A): the cumulative purchased volume
 * (03 32 06 01, the row's "total recharge") and the battery voltage (02 80 00 08, for its percentage).
 */
export const RECHARGE_FLAG = '03320601';
export const BATTERY_FLAG = '02800008';

/** The n-th last record of a series: its identifier is `flag(n)`, its names say n. */
const series = (flag: (n: number) => string, texts: z.infer<typeof Texts>) => (n: number) =>
  frozenItem(flag(n), { ...texts, name: numbered(texts.name, n) });

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** 05 06 01 01 is already in the base catalogue as "Last Daily Frozen Energy". */
export const COLLECTION_ITEMS: readonly Seed[] = [
  ...range(1, DAILY_FREEZES_READ).map(series(dailyTimeFlag, FROZEN.series.dailyTime)),
  ...range(2, DAILY_FREEZES_READ).map(series(dailyEnergyFlag, FROZEN.series.dailyEnergy)),
  ...range(1, SETTLEMENTS_READ).map(series(settlementFlag, FROZEN.series.settlement)),
  frozenItem(RECHARGE_FLAG, FROZEN.waterState.recharge),
  frozenItem(BATTERY_FLAG, FROZEN.waterState.battery),
];
