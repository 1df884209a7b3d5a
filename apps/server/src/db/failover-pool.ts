import pg from 'pg';

/**
 * A multi-host URL as libpq reads it (`postgres://user@h1:5432,h2:5433/db?target_session_attrs=read-write`,
 * what pg_auto_failover's `pg_autoctl show uri` prints). node-postgres takes one host only, so the pool's
 * connections are made by a client class that asks which host is the primary now, connects there and
 * checks that the session may write; when a connection to the primary is lost the next one looks again.
 */

export interface HostPort {
  host: string;
  port: number;
}

export interface MultiHostUrl {
  hosts: HostPort[];
  /** The same URL on the first host alone, without target_session_attrs (what node-postgres parses). */
  single: string;
}

/** The hosts of a URL that names several; null for a URL with one host (the plain pool serves it). */
export function parseMultiHost(url: string): MultiHostUrl | null {
  const m = /^(postgres(?:ql)?:\/\/)([^@/]*@)?([^/?]*)(.*)$/.exec(url);
  if (!m?.[3]?.includes(',')) return null;
  const hosts = m[3].split(',').map((part) => {
    const hp = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(part);
    if (!hp?.[1]) throw new Error(`not a host in a database URL: ${part}`);
    return { host: hp[1].replace(/^\[|\]$/g, ''), port: Number(hp[2] ?? 5432) };
  });
  const rest = (m[4] ?? '').replace(/([?&])target_session_attrs=[^&]*&?/, '$1').replace(/[?&]$/, '');
  const first = m[3].split(',')[0];
  return { hosts, single: `${m[1]}${m[2] ?? ''}${first}${rest}` };
}

/** No host answered as a writable primary (a failover is under way, or every node is down). */
export class PrimaryUnavailable extends Error {
  readonly retryable = true;
  constructor(detail: string) {
    super(`no writable PostgreSQL primary: ${detail}`);
  }
}

/**
 * A session that may not write (what libpq's target_session_attrs=read-write refuses): a standby, or a
 * standby just promoted that pg_auto_failover keeps read-only until it is the primary.
 */
const READ_ONLY = "select pg_is_in_recovery() or current_setting('transaction_read_only') = 'on' as standby";

/** Which host is the primary, looked up once and again only after a connection to it was lost. */
export class PrimaryFinder {
  private known: HostPort | undefined;
  private last: HostPort | undefined;
  private probing: Promise<HostPort> | undefined;
  /** How often the primary moved to another host since this process started (metrics). */
  failovers = 0;

  constructor(
    private readonly hosts: HostPort[],
    private readonly base: string,
  ) {}

  primary(): Promise<HostPort> {
    if (this.known) return Promise.resolve(this.known);
    this.probing ??= this.probe().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  /** A connection to `host` failed or ended unasked: look again before the next connection. */
  lost(host: HostPort): void {
    if (this.known === host) this.known = undefined;
  }

  current(): HostPort | undefined {
    return this.known;
  }

  private async probe(): Promise<HostPort> {
    const seen: string[] = [];
    for (const host of this.hosts) {
      const role = await roleOf(this.base, host).catch((err: Error) => `unreachable (${err.message})`);
      seen.push(`${host.host}:${host.port} ${role}`);
      if (role !== 'primary') continue;
      if (this.last && (this.last.host !== host.host || this.last.port !== host.port)) this.failovers++;
      this.last = host;
      this.known = host;
      return host;
    }
    throw new PrimaryUnavailable(seen.join('; '));
  }
}

async function roleOf(base: string, at: HostPort): Promise<'primary' | 'standby'> {
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  // The URL's host wins over host/port options: the connection's own fields are what it dials.
  client.host = at.host;
  client.port = at.port;
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ standby: boolean }>(READ_ONLY);
    return rows[0]?.standby ? 'standby' : 'primary';
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type ConnectCallback = ((err: Error) => void) | ((err: null, c: pg.Client) => void);

/**
 * A connect override's answer: node-postgres' pool calls connect with a callback, others await it; both
 * get the outcome of `done`.
 */
export function connectAnswer(
  done: Promise<pg.Client>,
  callback?: ConnectCallback,
): Promise<pg.Client> | undefined {
  if (!callback) return done;
  const cb = callback as (err: Error | null, client?: pg.Client) => void;
  done.then(
    (c) => cb(null, c),
    (err: Error) => cb(err),
  );
  return undefined;
}

/**
 * A pg.Client class whose connections go to the finder's primary. A connection that ends unasked (the
 * node died, or was stopped to be demoted) tells the finder, so the pool's next connection looks again;
 * the pool drops the dead client itself.
 */
export function failoverClient(finder: PrimaryFinder): typeof pg.Client {
  class FailoverClient extends pg.Client {
    private target: HostPort | undefined;

    override connect(): Promise<pg.Client>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.Client> | undefined {
      return connectAnswer(
        this.connectToPrimary().then(() => this),
        callback,
      );
    }

    private async connectToPrimary(): Promise<void> {
      const target = await finder.primary();
      this.target = target;
      this.host = target.host;
      this.port = target.port;
      // node-postgres marks a connection it was asked to close (pool idle timeout, shutdown) as ending.
      this.on('end', () => {
        if (!(this as unknown as { _ending?: boolean })._ending) finder.lost(target);
      });
      try {
        await super.connect();
      } catch (err) {
        finder.lost(target);
        throw err;
      }
      const { rows } = await super.query<{ standby: boolean }>(READ_ONLY);
      if (rows[0]?.standby) {
        finder.lost(target);
        await this.end().catch(() => undefined);
        throw new PrimaryUnavailable(`${target.host}:${target.port} is a standby now`);
      }
    }

    /** The host this connection went to (tests, metrics). */
    get connectedTo(): HostPort | undefined {
      return this.target;
    }
  }
  return FailoverClient;
}

/** Errors that mean "the database is not there right now": retry the same request later. */
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03|25006|53300)$/;
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is not open/i;

/** A failure that a retry after a failover (or a restart) may cure, whichever wrapper carries it. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof PrimaryUnavailable) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
