import { z } from 'zod';

/** Wire date-time: "yyyy-MM-dd HH:mm:ss" (no T, no zone). */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const DateTime = z.string().regex(DATE_TIME_PATTERN, 'expected yyyy-MM-dd HH:mm:ss');

const ACCEPTED_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * A request date-time as the original's clients send it: "yyyy-MM-dd HH:mm:ss" (the original's own
 * format), ISO 8601 with or without a zone ("2026-01-01T00:00:00", "…Z", "…+01:00", fractions), or a bare
 * date. Impossible dates (2026-02-30, 25:00) are refused. Normalised to "yyyy-MM-dd HH:mm:ss" in this
 * process's local zone — a zoned value is converted, an unzoned one is taken as local (as the original).
 */
export const DateTimeInput = z.string().transform((text, ctx) => {
  const m = ACCEPTED_DATE_TIME.exec(text.trim());
  const [y, mo, d, h, mi, s] = (m?.slice(1, 7) ?? []).map((v) => Number(v ?? 0));
  const valid =
    m !== null &&
    y !== undefined &&
    mo !== undefined &&
    d !== undefined &&
    mo >= 1 &&
    mo <= 12 &&
    d >= 1 &&
    d <= daysIn(y, mo) &&
    (h ?? 0) <= 23 &&
    (mi ?? 0) <= 59 &&
    (s ?? 0) <= 59;
  if (!valid) {
    ctx.addIssue({
      code: 'custom',
      message: 'expected a real date-time: yyyy-MM-dd HH:mm:ss or ISO 8601 (e.g. 2026-01-31T08:00:00Z)',
    });
    return z.NEVER;
  }
  const zone = m[7];
  if (!zone) return `${m[1]}-${m[2]}-${m[3]} ${pad(h ?? 0)}:${pad(mi ?? 0)}:${pad(s ?? 0)}`;
  const sign = zone.toUpperCase() === 'Z' ? 0 : zone.startsWith('-') ? -1 : 1;
  const [zh, zm] = sign === 0 ? [0, 0] : [Number(zone.slice(1, 3)), Number(zone.slice(-2))];
  const utc = Date.UTC(y, mo - 1, d, h ?? 0, mi ?? 0, s ?? 0) - sign * (zh * 60 + zm) * 60_000;
  const local = new Date(utc);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(
    local.getHours(),
  )}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
});

/** A calendar day, "yyyy-MM-dd", that exists (2026-02-30 and 7683-75-80 are refused, not read as a date). */
export const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is yyyy-MM-dd')
  .refine((d) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    return y >= 1 && m >= 1 && m <= 12 && day >= 1 && day <= daysIn(y, m);
  }, 'a day is yyyy-MM-dd');

/**
 * A two-element [from, to] range; either end may be null for an open range. The original declares an
 * array of date-times, so a one-element array is an open-ended "from".
 */
export const DateRange = z
  .array(DateTimeInput.nullable())
  .max(2, 'a range is [from, to]')
  .transform((r): [string | null, string | null] => [r[0] ?? null, r[1] ?? null])
  .nullish();

export const OrderBy = z
  .string()
  .regex(/^\s*[A-Za-z_][A-Za-z0-9_]*(\s+(asc|desc|ASC|DESC))?\s*$/, 'expected "<field> asc|desc"')
  .nullish();

/** A read's filter on an id (station, customer, meter, gateway) and on free text (a search, a name, a remark). */
export const IdFilter = z.string().max(64).nullish();
export const TextFilter = z.string().max(200).nullish();

/** Members every grid read accepts. */
export const ReadRequestBase = z.object({
  pageNumber: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(1000).default(20),
  orderBy: OrderBy,
  searchTerm: TextFilter,
  createDateRange: DateRange,
  updateDateRange: DateRange,
  stationId: IdFilter,
});
export type ReadRequestBase = z.infer<typeof ReadRequestBase>;

/** A grid read of rows filtered by their name (roles, stations). */
export const NameReadRequest = ReadRequestBase.extend({ name: z.string().nullish() });

/** Fields alike but for their names (a grid's text filters, an entry's per-language texts), in order. */
export function sameFields<const K extends string, S extends z.ZodType>(
  fields: readonly K[],
  schema: () => S,
) {
  return Object.fromEntries(fields.map((field) => [field, schema()])) as Record<K, S>;
}

/** Text columns of a row that may be empty (null), in order. */
export function nullableTexts<const K extends string>(...fields: K[]) {
  return sameFields(fields, () => z.string().nullable());
}

/** Text filters of a grid read, each optional (how each matches is the server's read spec). */
export function textFilters<const K extends string>(...fields: K[]) {
  return sameFields(fields, () => z.string().nullish());
}

export function page<T extends z.ZodType>(row: T) {
  return z.object({ total: z.number().int(), data: z.array(row) });
}

/** Who created a stored row, and when. */
export const CreateStamp = {
  createId: z.string().nullable(),
  createDate: DateTime.nullable(),
};

/** Audit columns every stored row carries. */
export const AuditFields = {
  ...CreateStamp,
  updateId: z.string().nullable(),
  updateDate: DateTime.nullable(),
  remark: z.string().nullable(),
};

/**
 * Audit columns of the head-end's own records (readings, events, upgrades): written with their dates,
 * which are therefore never null.
 */
export const StampedAuditFields = {
  ...AuditFields,
  createDate: DateTime,
  updateDate: DateTime,
};

/** A station's own rows (customers, meters, accounts, …): the owning station, then the audit columns. */
export const StationRowFields = {
  stationId: z.string(),
  ...AuditFields,
};

/** Writes take arrays even for one row; an empty array is a client error. */
export function writeBody<T extends z.ZodType>(row: T) {
  return z.array(row).min(1, 'at least one row is required').max(10000);
}

export const Id = z.string().trim().min(1).max(64);
export const Remark = z.string().max(500).nullish();

/** The tail of a write to a station's own rows: a remark, and the station (defaults to the caller's). */
export const StationWriteFields = {
  remark: Remark,
  stationId: Id.nullish(),
};
