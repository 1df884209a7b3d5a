import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { FolderInUseError } from './db/folder-lock.js';
import { type SimulatorProcess, startSimulator } from './headend/simulator-process.js';
import { bootstrap } from './seed/bootstrap.js';
import { seedDemo } from './seed/demo.js';

/** A start the operator can fix (the database folder is another server's): one line, no stack. */
function refuseStart(err: unknown): never {
  if (!(err instanceof FolderInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(config).catch(refuseStart);
await bootstrap(database.db, config);
if (config.seed === 'demo') await seedDemo(database.db, config);

const app = await buildApp({
  config,
  database,
  ownsDatabase: true,
  headend: config.headendEnabled,
  collection: config.collection.enabled,
});
let simulator: SimulatorProcess | undefined;
const metricsServer =
  config.metricsPort === undefined
    ? undefined
    : await app.metrics.serve(config.metricsPort, config.metricsHost);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let in-flight ones finish, then close the database (PGlite must be closed).
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await simulator?.stop();
  await app.close();
  await metricsServer?.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    port: config.port,
    database: database.kind,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    headend: config.headendEnabled,
    metricsPort: metricsServer?.port,
  },
  'Prepayment System is up',
);
if (config.simulator && config.headendEnabled) {
  simulator = await startSimulator(app.deps, app.log.child({ module: 'simulator' })).catch((err) => {
    app.log.error({ err: (err as Error).message }, 'simulator: could not start');
    return undefined;
  });
}
