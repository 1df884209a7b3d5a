// A PostgreSQL pair with automatic failover on one machine, for tests and demos: pg_auto_failover's monitor,
// a primary and a synchronous standby (Debian's postgresql-15-auto-failover), each a pg_autoctl process in
// a temp folder. `node scripts/pg-failover.mjs` starts them and prints the multi-host URL until Ctrl-C.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.mjs';
import { findPgBin } from './pg-bin.mjs';

const AUTOCTL = '/usr/bin/pg_autoctl';

/**
 * How quickly the monitor gives up on a silent primary (milliseconds). The defaults (20 s without a report,
 * health checks every 5 s) suit a network that hiccups; one machine's loopback does not, and a test wants the
 * failover inside its budget. The README's three-machine layout keeps the defaults.
 */
const FAST_MONITOR = {
  'pgautofailover.health_check_period': 1000,
  'pgautofailover.health_check_timeout': 1000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 4000,
  // How long the monitor waits for a silent primary to demote itself before promoting the standby (30 s by
  // default). Safe to shorten: while it waits no write can be acknowledged anyway (the standby has stopped
  // replicating, and commits wait for it).
  'pgautofailover.primary_demote_timeout': 3000,
};

const asRoot = process.getuid?.() === 0;

/**
 * pg_autoctl and PostgreSQL refuse root: run as the postgres user then (the child is pg_autoctl itself, so
 * its exit means its PostgreSQL has stopped), with the folder's own config and state homes.
 */
function spawnOptions(dir) {
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: `${dir}/config`,
    XDG_DATA_HOME: `${dir}/share`,
    XDG_RUNTIME_DIR: `${dir}/run`,
    HOME: dir,
  };
  if (!asRoot) return { env };
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { env, uid: id('-u'), gid: id('-g') };
}

const until = async (what, deadlineMs, check) => {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`pg-failover: ${what} not reached within ${deadlineMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

async function query(url, text) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One pg_autoctl process (monitor or node) running in the foreground of its own process group. */
function runNode(dir, name, args) {
  let output = '';
  const child = spawn(AUTOCTL, args, {
    ...spawnOptions(dir),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output = (output + d).slice(-20000)));
  child.stderr.on('data', (d) => (output = (output + d).slice(-20000)));
  child.unref();
  return { name, child, output: () => output };
}

/** Signals a node's whole process group (pg_autoctl, its postmaster and backends). */
function signalGroup(node, signal) {
  try {
    process.kill(-node.child.pid, signal);
  } catch {
    /* already gone */
  }
}

const nodeArgs = (dir, name, port, monitorUrl, pgCtl) => [
  'create',
  'postgres',
  '--pgdata',
  path.join(dir, name),
  '--pgport',
  String(port),
  '--pgctl',
  pgCtl,
  '--hostname',
  '127.0.0.1',
  '--listen',
  '127.0.0.1',
  '--name',
  name,
  '--dbname',
  'prepay',
  '--auth',
  'trust',
  '--no-ssl',
  '--monitor',
  monitorUrl,
  '--run',
];

/**
 * Starts the monitor, then node_1 (it becomes primary), then node_2 (a base backup of it, then a synchronous
 * standby). Answers the multi-host URL, each node's URL, the monitor's, and functions to read the cluster's
 * state, to kill a node like a machine dying, and to stop everything.
 */
export async function startFailoverPair() {
  // The extension is built for PostgreSQL 15 (Debian's postgresql-15-auto-failover): its pg_ctl, if present.
  const pg15 = '/usr/lib/postgresql/15/bin/pg_ctl';
  const pgCtl = existsSync(pg15) ? pg15 : findPgBin('pg_ctl');
  if (!pgCtl || !existsSync(AUTOCTL))
    throw new Error('pg_autoctl not found (apt-get install postgresql-15-auto-failover)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prepay-pgaf-'));
  chmodSync(dir, 0o777);
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const [monitorPort, port1, port2] = [await freePort(), await freePort(), await freePort()];
  const nodes = [];
  // SIGINT is a fast stop to pg_autoctl and to PostgreSQL alike; what has not exited in 20 s is killed.
  const stop = async () => {
    const running = nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
    for (const n of running.slice().reverse()) signalGroup(n, 'SIGINT');
    const exited = Promise.all(running.map((n) => new Promise((r) => n.child.once('exit', r))));
    let timer;
    const timeout = new Promise((r) => {
      timer = setTimeout(() => r(true), 20000);
    });
    const late = await Promise.race([exited.then(() => false), timeout]);
    clearTimeout(timer);
    if (late) for (const n of nodes) signalGroup(n, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  try {
    const monitor = runNode(dir, 'monitor', [
      'create',
      'monitor',
      '--pgdata',
      path.join(dir, 'monitor'),
      '--pgport',
      String(monitorPort),
      '--pgctl',
      pgCtl,
      '--hostname',
      '127.0.0.1',
      '--auth',
      'trust',
      '--no-ssl',
      '--run',
    ]);
    nodes.push(monitor);
    const monitorAdmin = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover`;
    await until('monitor up', 60000, () => query(monitorAdmin, 'select 1'));
    await tuneMonitor(`postgres://postgres@127.0.0.1:${monitorPort}/pg_auto_failover`);
    const states = () =>
      query(
        monitorAdmin,
        'select nodename as name, nodeport as port, reportedstate as reported, goalstate as goal from pgautofailover.node order by nodeid',
      );
    nodes.push(runNode(dir, 'node_1', nodeArgs(dir, 'node_1', port1, monitorAdmin, pgCtl)));
    await until('node_1 single', 90000, async () =>
      (await states()).some((s) => s.name === 'node_1' && s.reported === 'single'),
    );
    await prepareFirst(nodeUrl(port1));
    nodes.push(runNode(dir, 'node_2', nodeArgs(dir, 'node_2', port2, monitorAdmin, pgCtl)));
    const pair = {
      dir,
      url: `postgres://postgres@127.0.0.1:${port1},127.0.0.1:${port2}/prepay?target_session_attrs=read-write`,
      nodeUrls: { node_1: nodeUrl(port1), node_2: nodeUrl(port2) },
      monitorUrl: monitorAdmin,
      states,
      /** The current primary's name, once the monitor reports one primary and one secondary in sync. */
      steady: () => until('primary + secondary', 120000, () => steadyPrimary(states)),
      /** A machine back after repair: the node's pg_autoctl again, which rejoins as a standby (pg_rewind). */
      restart: (name) => {
        const at = nodes.findIndex((n) => n.name === name);
        nodes[at] = runNode(dir, name, ['run', '--pgdata', path.join(dir, name)]);
      },
      /** A machine dying: SIGKILL to the node's pg_autoctl, its postmaster and every backend. */
      kill: (name) =>
        signalGroup(
          nodes.find((n) => n.name === name),
          'SIGKILL',
        ),
      output: (name) => nodes.find((n) => n.name === name)?.output() ?? '',
      stop,
    };
    await pair.steady();
    return pair;
  } catch (err) {
    const logs = nodes.map((n) => `--- ${n.name}\n${n.output().slice(-3000)}`).join('\n');
    await stop();
    throw new Error(`${err.message}\n${logs}`);
  }
}

const nodeUrl = (port) => `postgres://postgres@127.0.0.1:${port}/prepay`;

async function steadyPrimary(states) {
  const rows = await states();
  const primary = rows.find((s) => s.reported === 'primary' && s.goal === 'primary');
  const secondary = rows.find((s) => s.reported === 'secondary' && s.goal === 'secondary');
  return primary && secondary ? primary.name : undefined;
}

/**
 * Before the standby's base backup: a test's settings (no fsync: the pair guards against losing a node, and
 * this machine's disk is shared; ALTER SYSTEM travels to the standby with the backup), and a checkpoint now,
 * since the base backup's own checkpoint is a spread one that naps 100 ms per dirty buffer (minutes here).
 */
async function prepareFirst(url) {
  await query(url, 'alter system set fsync = off');
  await query(url, 'alter system set full_page_writes = off');
  await query(url, 'select pg_reload_conf()');
  await query(url, 'checkpoint');
}

async function tuneMonitor(url) {
  for (const [name, value] of Object.entries(FAST_MONITOR))
    await query(url, `alter system set ${name} = ${value}`);
  await query(url, 'select pg_reload_conf()');
}

// Run directly: start the pair, print the URL, stop on Ctrl-C or SIGTERM.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const pair = await startFailoverPair();
  console.log(pair.url);
  console.log(`monitor: ${pair.monitorUrl}`);
  const end = () => pair.stop().then(() => process.exit(0));
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
  setInterval(() => undefined, 1 << 30);
}
