import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.js';

/**
 * Hot-path statements as named prepared statements (issue 16). On PostgreSQL a statement's planning cost
 * the vend's statements about ten times their execution (`VEND_EXPLAIN=1 npx tsx bench/vend-statements.ts`);
 * a named statement is parsed once per pooled connection and, after five runs, served from a generic plan.
 * PGlite's driver ignores the name, so there the statement runs as before.
 *
 * The name is a digest of the statement's text, so one text always has one name (node-postgres refuses a
 * name reused for another text). Use it only where the text comes from a fixed set of shapes — values go
 * in as parameters — never for SQL whose text grows with its input (IN lists, free filters): each
 * connection keeps every statement it has prepared.
 */
const dialect = new PgDialect();

export async function executePrepared(q: Queryable, query: SQL): Promise<unknown> {
  const compiled = dialect.sqlToQuery(query);
  const name = `p_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 24)}`;
  return q._.session.prepareQuery(compiled, undefined, name, false).execute();
}

/**
 * A drizzle query built once per database (with `sql.placeholder()` for its values) and prepared under a
 * fixed name: the hot paths neither rebuild its SQL nor have it planned again. A transaction is a database
 * of its own here, so a query used inside one is prepared on that transaction's connection.
 */
export function preparedPerDatabase<Q>(build: (q: Queryable) => Q): (q: Queryable) => Q {
  const byDatabase = new WeakMap<Queryable, Q>();
  return (q) => {
    let prepared = byDatabase.get(q);
    if (!prepared) {
      prepared = build(q);
      byDatabase.set(q, prepared);
    }
    return prepared;
  };
}
