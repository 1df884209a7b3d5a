import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { oncePer } from '../lib/once-per.js';
import type { Queryable } from './client.js';

/**
 * Hot-path statements as named prepared statements. On PostgreSQL planning cost the vend's
 * statements about four times their execution (`VEND_EXPLAIN=1 npx tsx bench/vend-statements.ts`); a named
 * statement is parsed once per pooled connection and, after five runs, served from a generic plan. Built
 * once with `sql.placeholder()` for its values, its SQL is not rebuilt per call either (drizzle building
 * queries was about a tenth of the server's CPU per vend). PGlite's driver ignores the name, so there only
 * the building is saved.
 *
 * Use these only for statements of fixed text — values go in as placeholders — never for SQL whose text
 * grows with its input (IN lists, free filters): each connection keeps every statement it has prepared.
 */

/**
 * A drizzle query built once per database and prepared under a fixed name. A transaction is a database of
 * its own here, so a query used inside one is prepared on that transaction's connection.
 */
export const preparedPerDatabase = <Q>(build: (q: Queryable) => Q): ((q: Queryable) => Q) => oncePer(build);

const dialect = new PgDialect();

/**
 * A raw SQL statement with placeholders, compiled once and named after its text (one text, one name:
 * node-postgres refuses a name reused for another text). Runs with the placeholders' values.
 */
export function preparedStatement(
  statement: SQL,
): (q: Queryable, values: Record<string, unknown>) => Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  const name = `p_${createHash('sha1').update(query.sql).digest('hex').slice(0, 24)}`;
  const prepared = preparedPerDatabase((q) => q._.session.prepareQuery(query, undefined, name, false));
  return (q, values) => prepared(q).execute(values);
}
