import type {
  DailyDataMeterReadRequest,
  DailyDataMeterRow,
  LoadProfileReadRequest,
  LoadProfileRow,
} from '@prepay/contracts';
import type { SessionUser } from '../../lib/user-context.js';
import type { MeterDataService } from '../meter-data/index.js';
import { type Column, columnHeadline, type Lang } from './labels.js';

type Read = (
  b: DailyDataMeterReadRequest,
  user: SessionUser,
) => Promise<{ total: number; data: DailyDataMeterRow[] }>;

/** Which stored readings a curve shows, as columns of the row's `headline`/`data` pair. */
const ENERGY: Column[] = ['total1', 'total2', 'remain1', 'usage1', 'intervalDemand'];
const HOURLY: Column[] = ['total1', 'remain1', 'usage1'];
const SINGLE_PHASE: Column[] = ['voltageA', 'currentA', 'power'];
const THREE_PHASE: Column[] = [
  'voltageA',
  'voltageB',
  'voltageC',
  'currentA',
  'currentB',
  'currentC',
  'power',
];

/** The interval read the load-profile request stands for (same filters, same page). */
function intervalRequest(b: LoadProfileReadRequest): DailyDataMeterReadRequest {
  const { lang, remark: _remark, isThreePhase: _phase, ...rest } = b;
  return { ...rest, lang };
}

const value = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function toRow(r: DailyDataMeterRow, columns: Column[], lang: Lang): LoadProfileRow {
  const stored = r.createDate ?? r.currentDate;
  return {
    createId: null,
    createDate: stored,
    updateId: null,
    updateDate: stored,
    remark: r.remark,
    customerId: r.customerId,
    customerName: r.customerName,
    meterId: r.meterId,
    ctRatio: null,
    currentDate: r.currentDate,
    data: columns.map((c) => value(r[c])).join(','),
    headline: columnHeadline(columns, lang),
    stationId: r.stationId,
  };
}

/**
 * The original's load-profile pages over the interval tables the collection fills: the energy curve from
 * the hourly readings, the instantaneous values (voltage, current, power) and the daily energy from the
 * daily frozen rows, the monthly data from the settlement-day rows. Paging, filters and the station rule
 * are the interval reads' own.
 */
export function createLoadProfileService(data: MeterDataService) {
  const curve =
    (read: Read, columns: (b: LoadProfileReadRequest) => Column[]) =>
    async (b: LoadProfileReadRequest, user: SessionUser) => {
      const page = await read(intervalRequest(b), user);
      const lang = b.lang as Lang;
      return { total: page.total, data: page.data.map((r) => toRow(r, columns(b), lang)) };
    };
  return {
    energyCurve: curve(data.readHourly, () => HOURLY),
    instantaneous: curve(data.readDaily, (b) => (b.isThreePhase === 1 ? THREE_PHASE : SINGLE_PHASE)),
    daily: curve(data.readDaily, () => ENERGY),
    monthly: curve(data.readMonthly, () => ENERGY),
  };
}

export type LoadProfileService = ReturnType<typeof createLoadProfileService>;
