import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { invalid } from '../lib/domain-errors.js';

/** `orderBy "field asc|desc"` over report columns, which may be computed expressions. */
export function sortOf(
  sortable: Record<string, PgColumn | SQL>,
  fallback: SQL[],
  orderBy?: string | null,
): SQL[] {
  if (!orderBy?.trim()) return fallback;
  const [field = '', dir = 'asc'] = orderBy.trim().split(/\s+/);
  const key = Object.keys(sortable).find((k) => k.toLowerCase() === field.toLowerCase());
  const column = key ? sortable[key] : undefined;
  if (!column) {
    throw invalid(`cannot sort by "${field}"`, [
      { path: 'orderBy', message: `sortable fields: ${Object.keys(sortable).join(', ')}` },
    ]);
  }
  return [dir.toLowerCase() === 'desc' ? desc(column) : asc(column), ...fallback];
}
