import { type CaptureObject, normalizeObis } from '@prepay/dlms';
import type { Queryable } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { formatDateTime, HOUR_MS } from '../../lib/dates.js';
import { type CapturedMeter, type ProfileCapture, ProfileDataError } from '../dlms-link/index.js';
import { type NewHourlyRow, raiseAlarms, saveHourlyRows, storedHourTotals } from '../meter-data/index.js';
import { latestAlarmTimes } from './ami.repo.js';
import { alarmsOfDlmsEvents, type DlmsEventEntry } from './dlms-events.js';
import { eventOfCode } from './events.js';

const WH = 30;
const ACTIVE_ENERGY = normalizeObis('1.0.1.8.0.255');
/** The event code objects of the standard, fraud, disconnector and power-quality logs (0.0.96.11.e.255). */
const EVENT_CODE = /^0\.0\.96\.11\.\d+\.255$/;

const columnOf = (c: ProfileCapture, match: (col: CaptureObject) => boolean) => c.columns.findIndex(match);
const energyColumn = (c: ProfileCapture) =>
  columnOf(c, (col) => col.classId === 3 && normalizeObis(col.obis) === ACTIVE_ENERGY && col.attribute === 2);
const eventColumn = (c: ProfileCapture) =>
  columnOf(c, (col) => col.classId === 1 && EVENT_CODE.test(normalizeObis(col.obis)) && col.attribute === 2);

/** Wh to the interval tables' 0.1 kWh, cut down as the meter's display cuts it (float noise dropped). */
const tenthsOfWh = (wh: number) => Math.floor(Math.round(wh * 1000) / 100_000);

/**
 * An hourly load profile's rows as hourly readings: the active energy column in 0.1 kWh, and the usage
 * of each hour from the hour before it (read in the same answer, or stored before).
 */
async function hourlyRows(q: Queryable, meter: CapturedMeter, c: ProfileCapture, col: number) {
  if (c.units[col] !== WH) throw new ProfileDataError(`the energy column's unit is ${c.units[col]}, not Wh`);
  const rows = c.rows
    .flatMap((r) => {
      const wh = r.values[col];
      return wh === null || wh === undefined ? [] : [{ at: r.at, total1: tenthsOfWh(wh) }];
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return [];
  const totals = await storedHourTotals(q, meter.meterId, new Date(first.at.getTime() - HOUR_MS), last.at);
  for (const r of rows) totals.set(r.at.getTime(), r.total1);
  return rows.map((r): NewHourlyRow => {
    const before = totals.get(r.at.getTime() - HOUR_MS);
    return {
      meterId: meter.meterId,
      stationId: meter.stationId,
      readingTime: r.at,
      total1: r.total1,
      remain1: null,
      usage1: before === undefined ? null : r.total1 - before,
    };
  });
}

function eventEntries(c: ProfileCapture, col: number): DlmsEventEntry[] {
  return c.rows.map((r, i) => {
    const code = r.values[col];
    if (code === null || code === undefined || !Number.isInteger(code))
      throw new ProfileDataError(`row ${i + 1}: the event code is missing`);
    return { at: r.at, code };
  });
}

/**
 * Events newer than the last alarm of their kind raise alarms: a log read again raises nothing twice. An
 * event of a kind whose alarm is still open adds none (the open alarm stands for it).
 */
async function keepEvents(q: Queryable, meter: CapturedMeter, entries: DlmsEventEntry[]) {
  const latest = await latestAlarmTimes(q, meter.meterId);
  const fresh = entries.filter((e) => {
    const kind = eventOfCode(e.code)?.kind;
    const last = kind && latest.get(kind);
    return !last || e.at > last;
  });
  const alarms = alarmsOfDlmsEvents(meter, fresh);
  const raised = await raiseAlarms(q, alarms);
  return `${entries.length} events read, ${raised} alarms raised`;
}

const span = (c: ProfileCapture) => {
  const times = c.rows.map((r) => r.at.getTime());
  if (!times.length) return '';
  return ` (${formatDateTime(new Date(Math.min(...times)))} – ${formatDateTime(new Date(Math.max(...times)))})`;
};

/**
 * What the head-end keeps of a DLMS profile read: an hourly load profile's rows in the hourly interval
 * table (an hour stored before stays as it was, so a range read twice stores each hour once), an event
 * log's events as alarms. Every row is decoded before anything is written, and all is written in one
 * transaction: a profile the head-end refuses changes nothing. Answers what was kept, as the task shows it.
 */
export function dlmsCaptureKeeper(deps: Deps) {
  return (meter: CapturedMeter, c: ProfileCapture): Promise<string> =>
    deps.database.db.transaction(async (tx) => {
      const events = eventColumn(c);
      if (events >= 0) return keepEvents(tx, meter, eventEntries(c, events));
      const energy = energyColumn(c);
      if (energy < 0 || c.period !== 3600) return `${c.rows.length} rows${span(c)}`;
      const rows = await hourlyRows(tx, meter, c, energy);
      await saveHourlyRows(tx, rows);
      return `${rows.length} hourly readings kept${span(c)}`;
    });
}
