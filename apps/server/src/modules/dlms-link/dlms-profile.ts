import {
  type AccessSelection,
  applyScaler,
  bufferRows,
  type CaptureObject,
  type DlmsClient,
  type DlmsData,
  dateTimeCodec,
  dateTimeFromDate,
  dateTimeToDate,
  normalizeObis,
  numberOf,
  ProfileGeneric,
  Register,
  rangeDescriptor,
  type ScalerUnit,
} from '@prepay/dlms';

/**
 * What a profile generic (a load profile, an event log) held, decoded: its columns, how often it
 * captures, and its rows, each with its capture time and every column's value with its scaler applied.
 */
export interface ProfileCapture {
  obis: string;
  /** Seconds between captures; 0 for a log written on events. */
  period: number;
  columns: CaptureObject[];
  /** Each column's unit (IEC 62056-6-2 enum) where it has a scaler and unit, null otherwise. */
  units: (number | null)[];
  rows: { at: Date; values: (number | null)[] }[];
}

/** A profile the meter answered in a shape the head-end cannot take: nothing of it is kept. */
export class ProfileDataError extends Error {
  override name = 'ProfileDataError';
}

const CLOCK = normalizeObis('0.0.1.0.0.255');
/** Register, extended register, demand register: their value (attribute 2) has a scaler (attribute 3). */
const SCALED = new Set([3, 4, 5]);
const isClock = (c: CaptureObject) => c.classId === 8 && normalizeObis(c.obis) === CLOCK && c.attribute === 2;

/**
 * The meter's clock reads local wall time (no deviation sent): its fields are the server's zone's, as a
 * DL/T 645 meter's frozen times are.
 */
function wallTime(d: DlmsData): Date {
  const w = dateTimeToDate(dateTimeCodec.decode(d));
  return new Date(
    w.getUTCFullYear(),
    w.getUTCMonth(),
    w.getUTCDate(),
    w.getUTCHours(),
    w.getUTCMinutes(),
    w.getUTCSeconds(),
  );
}
const meterTime = (d: Date) =>
  dateTimeFromDate(
    new Date(
      Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()),
    ),
    -32768,
    0,
  );

/** The scaler and unit of each column (null for a column that has none). */
async function scalersOf(client: DlmsClient, columns: CaptureObject[]): Promise<(ScalerUnit | null)[]> {
  const out: (ScalerUnit | null)[] = [];
  for (const c of columns) {
    const scaled = SCALED.has(c.classId) && c.attribute === 2;
    out.push(scaled ? await client.get(c.obis, { ...Register.scalerUnit, classId: c.classId }) : null);
  }
  return out;
}

function scaledValue(d: DlmsData, scaler: number, where: string): number | null {
  if (d.type === 'null') return null;
  try {
    return applyScaler(numberOf(d), scaler);
  } catch {
    throw new ProfileDataError(`${where}: ${d.type} is not a number`);
  }
}

/** Each buffer row as a time and values; the first malformed row refuses the whole answer. */
function decodeRows(
  raw: DlmsData,
  columns: CaptureObject[],
  scalers: (ScalerUnit | null)[],
): ProfileCapture['rows'] {
  const clock = columns.findIndex(isClock);
  if (clock < 0) throw new ProfileDataError('the profile has no clock column');
  let rows: DlmsData[][];
  try {
    rows = bufferRows(raw);
  } catch {
    throw new ProfileDataError('the profile buffer is not an array of rows');
  }
  return rows.map((row, i) => {
    const where = `row ${i + 1}`;
    if (row.length !== columns.length)
      throw new ProfileDataError(`${where} has ${row.length} values for ${columns.length} columns`);
    let at: Date;
    try {
      at = wallTime(row[clock] as DlmsData);
    } catch {
      throw new ProfileDataError(`${where}: the capture time is not a date-time`);
    }
    const values = row.map((d, c) => (c === clock ? null : scaledValue(d, scalers[c]?.scaler ?? 0, where)));
    return { at, values };
  });
}

/**
 * Reads a profile generic: its capture objects, the scaler of each register column, then its buffer —
 * by range (selective access on the clock column, both ends included) when `range` is given, whole
 * otherwise. The meter answers the rows it holds in the range, so a range it holds in part gives those.
 */
export async function readProfile(
  client: DlmsClient,
  obis: string,
  range: { from: Date; to: Date } | null,
): Promise<ProfileCapture> {
  const columns = await client.get(obis, ProfileGeneric.captureObjects);
  const period = await client.get(obis, ProfileGeneric.capturePeriod);
  const scalers = await scalersOf(client, columns);
  const access: AccessSelection | undefined = range
    ? rangeDescriptor({ from: meterTime(range.from), to: meterTime(range.to) })
    : undefined;
  const raw = await client.getData({ classId: ProfileGeneric.classId, obis, attribute: 2 }, access);
  const units = scalers.map((s) => s?.unit ?? null);
  return { obis, period, columns, units, rows: decodeRows(raw, columns, scalers) };
}
