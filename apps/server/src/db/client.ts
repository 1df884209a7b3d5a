import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  type ConnectCallback,
  connectAnswer,
  failoverClient,
  PrimaryFinder,
  parseMultiHost,
} from './failover-pool.js';
import { LOCK_FILE, lockFolder } from './folder-lock.js';
import { usePreparedStatements } from './pglite-statements.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos accept either, so a service decides where the transaction boundary is. */
export type Queryable = Db | Tx;

/** node-postgres answers {rows}, PGlite answers {rows} too; drizzle's execute types differ by driver. */
export function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  return Array.isArray(result) ? result : [];
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: a dedicated connection LISTENing on `channel` (a lower-case identifier); `onNotify`
   * runs for each NOTIFY, `onLost` once if that connection fails. Resolves to a function that stops it.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: (err: Error) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Every NOTIFY on `channel` (a lower-case identifier) with its payload, whichever connection or process
   * committed it; a notice of this process's own commit is handled before that commit returns (PGlite runs
   * in process; on PostgreSQL every pooled connection listens too, and a backend sends its own notices
   * before it reports the commit). `onLost` runs once if notices may have been missed from then on.
   * Resolves to a function that stops it.
   */
  notices(
    channel: string,
    onNotice: (payload: string) => void,
    onLost: (err: Error) => void,
  ): Promise<() => Promise<void>>;
  /**
   * PGlite: a consistent copy of the data folder (gzipped tar) taken online, after a checkpoint.
   * PostgreSQL is backed up with pg_dump (scripts/backup.mjs).
   */
  backup?(): Promise<Buffer>;
  /** PostgreSQL: the pool's connections (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PostgreSQL on a multi-host URL: the primary's host now and how often it moved (metrics). */
  failoverStats?(): { primary: string | null; failovers: number };
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** PGlite in a directory (or in memory when dataDir is undefined), or a dumped data dir for tests. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  // A folder is this process's alone (folder-lock.ts); an in-memory database is anyway.
  const lock = options.dataDir ? lockFolder(options.dataDir) : undefined;
  let pglite: PGlite;
  try {
    // pg_trgm backs the "contains" searches (migration 0004); PostgreSQL ships it in contrib.
    pglite = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const client = usePreparedStatements(pglite);
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    notices: async (channel, onNotice) => {
      assertChannel(channel);
      const unlisten = await client.listen(channel, onNotice);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      await client.close();
      lock?.release();
    },
    // The tar is taken between two statements (PGlite runs one at a time), so it is what a crash at that
    // instant would leave: committed transactions are in the WAL, and recovery replays them on restore.
    backup: async () => {
      await client.exec('checkpoint');
      const tar = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
      return gzipSync(withoutSecrets(tar));
    },
  };
}

/**
 * How the connections of a URL are made: straight for one host; for several (a primary and its standbys),
 * each to whichever answers as the writable primary now (failover-pool.ts).
 */
function connectionsOf(url: string) {
  const multi = parseMultiHost(url);
  if (!multi) return { config: { connectionString: url }, finder: undefined };
  const finder = new PrimaryFinder(multi.hosts, multi.single);
  const config = {
    connectionString: multi.single,
    Client: failoverClient(finder),
    // A node that vanished without a word must not hold a request for minutes.
    connectionTimeoutMillis: 5000,
    keepAlive: true,
  };
  return { config, finder };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // int8 columns are declared mode:'number' in the schema; numeric stays a string (money is exact).
  const { config, finder } = connectionsOf(url);
  const pooled = pooledNotices();
  const Client = listeningClient('Client' in config ? config.Client : pg.Client, pooled.deliver);
  const pool = new pg.Pool({ ...config, Client, max: poolSize });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it on next use */
  });
  const db: Db = drizzlePg(pool, { schema });
  const listen = (channel: string, onNotify: (payload: string) => void, onLost: (err: Error) => void) =>
    listenPostgres(url, channel, onNotify, onLost);
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(pool),
    close: () => pool.end(),
    listen,
    notices: async (channel, onNotice, onLost) => {
      let stopPooled = () => false;
      const stopListening = await listen(channel, onNotice, (err) => {
        stopPooled();
        onLost(err);
      });
      if (POOLED_CHANNELS.includes(channel)) stopPooled = pooled.add(channel, onNotice);
      return async () => {
        stopPooled();
        await stopListening();
      };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ...(finder && {
      failoverStats: () => {
        const at = finder.current();
        return { primary: at ? `${at.host}:${at.port}` : null, failovers: finder.failovers };
      },
    }),
  };
}

function assertChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

/**
 * Channels every pooled connection LISTENs on from the moment it connects: a backend sends the notices of
 * its own commit before it reports the commit, so the process that made a change has heard of it when its
 * statement returns (its dedicated listener hears it a moment later, as other processes do).
 * `session_cache` carries the session changes (migration 0023), `vendor_credential` the changes to a
 * vendor's machine credential and the rest of its row but the float's balance.
 */
export const POOLED_CHANNELS: readonly string[] = ['session_cache', 'vendor_credential'];

/** A pg.Client class (the plain one or the failover one) whose connections listen on POOLED_CHANNELS. */
function listeningClient(Base: typeof pg.Client, onNotice: (channel: string, payload: string) => void) {
  class ListeningClient extends Base {
    override connect(): Promise<pg.Client>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.Client> | undefined {
      // The pool listens for a connection's errors only once connect has answered: until then a server
      // that dies (a failover) would raise an 'error' nobody hears and end the process. The failure
      // reaches the pool through `done` instead.
      const unheard = () => {};
      this.on('error', unheard);
      const done = super
        .connect()
        .then(async () => {
          this.on('notification', (n) => onNotice(n.channel, n.payload ?? ''));
          await this.query(POOLED_CHANNELS.map((c) => `listen ${c}`).join('; '));
          return this as pg.Client;
        })
        .finally(() => this.removeListener('error', unheard));
      return connectAnswer(done, callback);
    }
  }
  return ListeningClient;
}

/** Who hears the notices the pooled connections receive, by channel. */
function pooledNotices() {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    deliver(channel: string, payload: string) {
      for (const handle of handlers.get(channel) ?? []) handle(payload);
    },
    add(channel: string, onNotice: (payload: string) => void) {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(onNotice);
      return () => set.delete(onNotice);
    },
  };
}

async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onLost: (err: Error) => void,
): Promise<() => Promise<void>> {
  assertChannel(channel);
  const { config } = connectionsOf(url);
  const ClientClass: typeof pg.Client = 'Client' in config ? config.Client : pg.Client;
  const client = new ClientClass(config);
  let ready = false;
  let closing = false;
  let lost = false;
  const fail = (err: Error) => {
    if (!ready || closing || lost) return;
    lost = true;
    client.end().catch(() => undefined);
    onLost(err);
  };
  client.on('notification', (n) => {
    if (n.channel === channel) onNotify(n.payload ?? '');
  });
  client.on('error', fail);
  client.on('end', () => fail(new Error('the LISTEN connection ended')));
  try {
    await client.connect();
    await client.query(`listen ${channel}`);
  } catch (err) {
    closing = true;
    await client.end().catch(() => undefined);
    throw err;
  }
  ready = true;
  return async () => {
    closing = true;
    await client.end().catch(() => undefined);
  };
}

/**
 * The data folder also holds the key-encryption key (master.key), the simulator's fleet file and the
 * server's lock (folder-lock.ts): none belongs in a backup (the KEK is kept apart from the data it
 * protects; a restored lock would name a process of another time). Drops those entries of a tar.
 */
function withoutSecrets(tar: Buffer): Buffer {
  const kept: Buffer[] = [];
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(
      header.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0',
      8,
    );
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const entry = name.slice(name.lastIndexOf('/') + 1);
    if (entry !== 'master.key' && entry !== LOCK_FILE && !/(^|\/)simulator(\/|$)/.test(name))
      kept.push(tar.subarray(at, end));
    at = end;
  }
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}

/** Several processes may start at once: an advisory lock on one connection lets one of them migrate. */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    client.release();
  }
}

export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir?: string;
  dbPoolSize?: number;
}): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.dbPoolSize)
    : await openPglite({ dataDir: config.dataDir });
  await database.migrate();
  return database;
}
