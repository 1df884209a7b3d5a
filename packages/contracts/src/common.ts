import { z } from 'zod';

/** Wire date-time: "yyyy-MM-dd HH:mm:ss" (no T, no zone). */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const DateTime = z.string().regex(DATE_TIME_PATTERN, 'expected yyyy-MM-dd HH:mm:ss');

/** A two-element [from, to] range; either end may be null for an open range. */
export const DateRange = z.tuple([DateTime.nullable(), DateTime.nullable()]).nullish();

export const OrderBy = z
  .string()
  .regex(/^\s*[A-Za-z_][A-Za-z0-9_]*(\s+(asc|desc|ASC|DESC))?\s*$/, 'expected "<field> asc|desc"')
  .nullish();

/** Members every grid read accepts (original-api.md §2.1). */
export const ReadRequestBase = z.object({
  pageNumber: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(1000).default(20),
  orderBy: OrderBy,
  searchTerm: z.string().max(200).nullish(),
  createDateRange: DateRange,
  updateDateRange: DateRange,
  stationId: z.string().max(64).nullish(),
});
export type ReadRequestBase = z.infer<typeof ReadRequestBase>;

export function page<T extends z.ZodType>(row: T) {
  return z.object({ total: z.number().int(), data: z.array(row) });
}

/** Audit columns every stored row carries. */
export const AuditFields = {
  createId: z.string().nullable(),
  createDate: DateTime.nullable(),
  updateId: z.string().nullable(),
  updateDate: DateTime.nullable(),
  remark: z.string().nullable(),
};

/** Writes take arrays even for one row; an empty array is a client error. */
export function writeBody<T extends z.ZodType>(row: T) {
  return z.array(row).min(1, 'at least one row is required').max(10000);
}

export const Id = z.string().trim().min(1).max(64);
export const Remark = z.string().max(500).nullish();
