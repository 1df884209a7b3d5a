import {
  type ParserOptions,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite. PGlite's `query` parses, analyses and plans every
 * statement anew, in six calls into the WASM backend (parse, describe, bind, describe, execute, sync): for
 * a one-row read by key that is about 230 µs where binding a prepared statement is about 35 µs, and a
 * credit vend's five statements spent most of its time there (`npx tsx bench/pglite-statements.ts`).
 *
 * This keeps the statements a PGlite runs prepared under names, by their text, the way node-postgres
 * does on PostgreSQL when a query has a name: the first run parses and describes it, every later run binds,
 * executes and syncs in one call and reads the rows with the row description kept from the first.
 * At most MAX_PREPARED texts stay prepared; the least recently used is closed when another needs a place.
 * Queries inside a transaction (PGlite hands those a transaction object of its own) and queries with
 * options this does not model take PGlite's own path.
 */
const MAX_PREPARED = 256;

const { serialize } = protocol;

interface Prepared {
  name: string;
  paramTypes: number[];
  rowDescription: RowDescription | undefined;
}

type Query = PGlite['query'];
type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;

/** One buffer of several protocol messages: PGlite's backend reads them in one call. */
function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** PostgreSQL refuses a prepared statement whose result columns changed under it (DDL since it was made). */
const resultTypeChanged = (err: unknown) =>
  err instanceof protocol.messages.DatabaseError && err.code === '0A000';

class StatementCache {
  private readonly byText = new Map<string, Prepared>();
  private serial = 0;
  /**
   * PGlite's parsers with a query's own (drizzle passes a few with every query), merged once per set:
   * PGlite's parseResults would merge them per call by spreading ~150 entries, about a sixth of a vend's
   * CPU on PGlite. A prepared drizzle query passes the same set each time; an unprepared one makes a new
   * set per query, so the merge puts the query's few over PGlite's by prototype (parseResults only looks
   * a type up) instead of copying PGlite's ~150. Emptied when PGlite refreshes its parsers.
   */
  private parsersWith = new WeakMap<ParserOptions, PGlite['parsers']>();

  constructor(private readonly client: PGlite) {}

  /** The text's prepared statement (made on first use), most recently used last. */
  private async prepared(text: string): Promise<Prepared> {
    const known = this.byText.get(text);
    if (known) {
      this.byText.delete(text);
      this.byText.set(text, known);
      return known;
    }
    const oldest = this.byText.size >= MAX_PREPARED ? this.byText.keys().next().value : undefined;
    if (oldest !== undefined) await this.close(oldest);
    const name = `pglite_${++this.serial}`;
    const messages = await this.run([
      serialize.parse({ name, text, types: [] }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const made: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m): m is RowDescription => m.name === 'rowDescription'),
    };
    this.byText.set(text, made);
    return made;
  }

  private async close(text: string) {
    const known = this.byText.get(text);
    this.byText.delete(text);
    if (known) await this.run([serialize.close({ type: 'S', name: known.name }), serialize.sync()]);
  }

  /** Sends the messages; after an error, a sync ends the failed exchange (as PGlite's own path does). */
  private async run(messages: Uint8Array[]) {
    try {
      return await this.client.execProtocolStream(concat(messages), { syncToFs: false });
    } catch (err) {
      await this.client.execProtocolStream(serialize.sync(), { syncToFs: false });
      throw err;
    }
  }

  private parsers(own: ParserOptions | undefined): PGlite['parsers'] {
    if (!own) return this.client.parsers;
    let merged = this.parsersWith.get(own);
    if (!merged) {
      merged = Object.assign(Object.create(this.client.parsers) as PGlite['parsers'], own);
      this.parsersWith.set(own, merged);
    }
    return merged;
  }

  forgetParsers() {
    this.parsersWith = new WeakMap();
  }

  /** Binds and runs the text's statement; answers what PGlite's `query` answers. */
  async execute<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = await this.prepared(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.run([
      serialize.bind({ statement: statement.name, values }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    const [result] = parse.parseResults(described, this.parsers(options?.parsers), {
      rowMode: options?.rowMode,
    });
    await this.client.syncToFs();
    return result as Results<T>;
  }

  /** Runs a query through its prepared statement, under PGlite's own locks; a stale statement is made anew. */
  async query<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    await this.client._checkReady();
    return this.client._runExclusiveTransaction(() =>
      this.client._runExclusiveQuery(async () => {
        try {
          return await this.execute<T>(text, params, options);
        } catch (err) {
          if (!resultTypeChanged(err)) throw err;
          await this.close(text);
          return this.execute<T>(text, params, options);
        }
      }),
    );
  }
}

/** Queries left to PGlite's own path: a file to copy, parameter types given by the caller, notices wanted. */
const ownPath = (options: QueryOptions | undefined) =>
  Boolean(options?.blob || options?.paramTypes || options?.onNotice);

/** Makes `client.query` run through named prepared statements (see above); the client is changed in place. */
export function usePreparedStatements(client: PGlite): PGlite {
  const cache = new StatementCache(client);
  const plain: Query = client.query.bind(client);
  const prepared = <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
    ownPath(options) ? plain<T>(text, params, options) : cache.query<T>(text, params, options);
  client.query = prepared;
  const refresh = client.refreshArrayTypes.bind(client);
  client.refreshArrayTypes = async () => {
    await refresh();
    cache.forgetParsers();
  };
  return client;
}
