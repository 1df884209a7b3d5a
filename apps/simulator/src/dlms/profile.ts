import {
  type AccessSelection,
  type CaptureObject,
  captureObjectCodec,
  type DlmsData,
  dateTimeCodec,
  dateTimeFromDate,
  dateTimeToDate,
  expectType,
  numberOf,
} from '@prepay/dlms';

/**
 * A profile generic's buffer on the simulated meter: rows captured in time order (oldest first), the
 * oldest dropped past `entries`, read whole, by range (selector 1) or by entry (selector 2).
 */
export interface ProfileRow {
  localMs: number;
  values: DlmsData[];
}

export class ProfileBuffer {
  rows: ProfileRow[] = [];
  constructor(
    readonly captureObjects: CaptureObject[],
    readonly entries: number,
  ) {}

  add(localMs: number, values: DlmsData[]): void {
    this.rows.push({ localMs, values });
    if (this.rows.length > this.entries) this.rows.shift();
  }

  /** The buffer as the meter answers it: each row's clock column first, then its values. */
  read(access?: AccessSelection): DlmsData | number {
    const all = this.rows.map((r) => [clockValue(r.localMs), ...r.values]);
    if (!access) return table(all);
    try {
      if (access.selector === 1) return this.byRange(access.parameters);
      if (access.selector === 2) return byEntry(all, access.parameters);
    } catch {
      return TYPE_UNMATCHED;
    }
    return SCOPE_VIOLATED;
  }

  private byRange(p: DlmsData): DlmsData {
    const [, from, to, columns] = expectType(p, 'structure').value;
    const fromMs = dateTimeToDate(dateTimeCodec.decode(need(from))).getTime();
    const toMs = dateTimeToDate(dateTimeCodec.decode(need(to))).getTime();
    const wanted = expectType(need(columns), 'array').value.map(captureObjectCodec.decode);
    const index = wanted.map((w) =>
      this.captureObjects.findIndex((c) => c.obis === w.obis && c.attribute === w.attribute),
    );
    const rows = this.rows
      .filter((r) => r.localMs >= fromMs && r.localMs <= toMs)
      .map((r) => [clockValue(r.localMs), ...r.values]);
    if (wanted.length === 0) return table(rows);
    return table(rows.map((row) => index.map((i) => row[i] ?? { type: 'null' })));
  }
}

const TYPE_UNMATCHED = 12;
const SCOPE_VIOLATED = 13;

function need(d: DlmsData | undefined): DlmsData {
  if (!d) throw new Error('missing selective access parameter');
  return d;
}

function byEntry(all: DlmsData[][], p: DlmsData): DlmsData {
  const [fromEntry, toEntry, fromColumn, toColumn] = expectType(p, 'structure').value.map(numberOf);
  const lastRow = toEntry ? toEntry : all.length;
  return table(
    all
      .slice((fromEntry ?? 1) - 1, lastRow)
      .map((row) => row.slice((fromColumn ?? 1) - 1, toColumn || row.length)),
  );
}

function table(rows: DlmsData[][]): DlmsData {
  return { type: 'array', value: rows.map((value) => ({ type: 'structure', value })) };
}

/** A meter wall-clock instant (local time in UTC fields) as the COSEM date-time octet string. */
export function clockValue(localMs: number): DlmsData {
  return dateTimeCodec.encode(dateTimeFromDate(new Date(localMs), -32768, 0));
}
