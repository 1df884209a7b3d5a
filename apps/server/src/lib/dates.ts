const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Wire format "yyyy-MM-dd HH:mm:ss" in the server's local zone (set TZ to choose it). */
export function formatDateTime(d: Date | null | undefined): string | null {
  if (!d) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}:${pad(d.getSeconds())}`;
}

/** Parses the wire format as local time; the contract has already checked the shape. */
export function parseDateTime(s: string): Date {
  const [date, time] = s.split(' ') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number];
  const result = new Date(y, m - 1, d, hh, mm, ss);
  if (result.getMonth() !== m - 1 || result.getDate() !== d) throw new RangeError(`invalid date ${s}`);
  return result;
}

/**
 * The audit columns of a stored row as the wire shows them. Like the original, updateDate is never
 * null: a row not changed since it was made was last updated then.
 */
export function auditStamps(r: {
  createId: string | null;
  createDate: Date;
  updateId: string | null;
  updateDate: Date | null;
}) {
  return {
    createId: r.createId,
    createDate: formatDateTime(r.createDate),
    updateId: r.updateId,
    updateDate: formatDateTime(r.updateDate ?? r.createDate),
  };
}

/**
 * The wire row of an audited record: the fields the row names as the record does, copied, and the
 * audit stamps (auditStamps). A mapper adds only what it converts (money, rates, other dates).
 */
export function auditedRow<T extends Parameters<typeof auditStamps>[0], K extends keyof T>(
  record: T,
  fields: readonly K[],
): Pick<T, K> & ReturnType<typeof auditStamps> {
  const copied = Object.fromEntries(fields.map((f) => [f, record[f]])) as Pick<T, K>;
  return { ...copied, ...auditStamps(record) };
}
