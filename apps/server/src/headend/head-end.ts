import type { Db } from '../db/client.js';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker.js';
import { ExchangeEngine, type MeterTransport } from './exchange.js';
import { GprsListener } from './gprs-listener.js';
import { type LinkRegistry, localOnly, startLinkRegistry } from './link-registry.js';
import { LinkState } from './link-state.js';
import { LorawanLink } from './lorawan-link.js';
import { MeterDirectory } from './meter-directory.js';
import { createNoisyInputLog, type NoisyInputLog } from './noisy-input.js';
import { startSharedLiveness } from './shared-liveness.repo.js';
import { createStateWriter } from './state-writer.repo.js';
import type { HeadEnd, Log } from './types.js';

export interface HeadEndConfig {
  /** The utility's broker; unset = run the embedded one on `mqttPort` (0 = any free port). */
  mqttUrl?: string;
  mqttPort: number;
  mqttUsername?: string;
  mqttPassword?: string;
  chirpstackApplicationId?: string;
  /** MQTT shared subscription group when several head-end processes split the LoRaWAN events. */
  mqttShareGroup?: string;
  lorawanFport: number;
  /** GPRS/DTU listener port; 0 = off (tests pass `gprsPort: 'ephemeral'`). */
  headendPort: number | 'ephemeral';
  /** Host the GPRS listener binds. */
  headendHost: string;
  heartbeatSeconds: number;
  timeoutMs: { lorawan: number; gprs: number };
  /** LoRaWAN meters not heard for this long are offline. */
  lorawanSilenceSeconds: number;
  /** How often live state is written to the database. */
  persistMs: number;
  /** A head-end process that stops renewing its lease for this long loses its meters' links. */
  linkLeaseSeconds: number;
}

/** How the head-end shares the database: `shareLinks` on PostgreSQL, where several processes may run it. */
export interface HeadEndOptions {
  shareLinks?: boolean;
}

export interface HeadEndService extends HeadEnd {
  /** Where the LoRaWAN side's broker is (the embedded one's URL when it runs). */
  readonly mqttUrl: string;
  /** The GPRS listener's bound port, or undefined when off. */
  readonly gprsPort: number | undefined;
  readonly state: LinkState;
  /** Which meters dialled in here, written for the other head-end processes (a no-op alone). */
  readonly registry: LinkRegistry;
  /** Meters currently dialled in over TCP. */
  gprsLinkCount(): number;
  /** Whether the MQTT link to the LoRaWAN side's broker is up now (readiness). */
  brokerConnected(): boolean;
  /** Writes live state to the database now (tests, shutdown). */
  flush(): Promise<void>;
  /** Re-reads the meters (ids, addresses, DevEUIs) after meters were created or changed. */
  refreshMeters(): Promise<void>;
}

/** What every link shares: the meters, their live state, the log and the noisy-input log. */
interface LinkContext {
  directory: MeterDirectory;
  state: LinkState;
  log: Log;
  noisy: NoisyInputLog;
  registry: LinkRegistry;
}

type Closable = { close(): Promise<void> };

async function closeAll(resources: Closable[], broker: EmbeddedBroker | undefined) {
  for (const r of resources.reverse()) await r.close().catch(() => undefined);
  await broker?.close().catch(() => undefined);
}

/** The GPRS/DTU listener, when a port is configured; undefined when it is off. */
async function openGprs(cfg: HeadEndConfig, ctx: LinkContext) {
  if (cfg.headendPort === 0) return undefined;
  const gprs = new GprsListener({
    host: cfg.headendHost,
    port: cfg.headendPort === 'ephemeral' ? 0 : cfg.headendPort,
    heartbeatSeconds: cfg.heartbeatSeconds,
    timeoutMs: cfg.timeoutMs.gprs,
    ...ctx,
  });
  const port = await gprs.listen();
  ctx.log.info({ port }, 'head-end: GPRS/DTU listener up');
  return { gprs, port };
}

/** Silent LoRaWAN meters go offline, and the meter list is reloaded when it changed. */
function startHousekeeping(cfg: HeadEndConfig, ctx: LinkContext) {
  const timer = setInterval(() => {
    // Sharing the events, what the other processes heard is read back (startSharedLiveness) first.
    ctx.state.expireSilentMeters('lorawan', cfg.lorawanSilenceSeconds * 1000);
    ctx.directory
      .refreshIfStale()
      .catch((err) => ctx.log.warn({ err: (err as Error).message }, 'head-end: meter reload failed'));
  }, 5_000);
  timer.unref();
  return timer;
}

/** Opens the links (LoRaWAN through the broker, GPRS when on) and the engine that exchanges over them. */
async function openLinks(cfg: HeadEndConfig, ctx: LinkContext, mqttUrl: string, resources: Closable[]) {
  const lorawan = new LorawanLink({
    url: mqttUrl,
    username: cfg.mqttUsername,
    password: cfg.mqttPassword,
    fPort: cfg.lorawanFport,
    applicationId: cfg.chirpstackApplicationId,
    shareGroup: cfg.mqttShareGroup,
    timeoutMs: cfg.timeoutMs.lorawan,
    ...ctx,
  });
  const transports: MeterTransport[] = [lorawan];
  const gprs = await openGprs(cfg, ctx);
  if (gprs) {
    resources.push(gprs.gprs);
    transports.push(gprs.gprs);
  }
  const engine = new ExchangeEngine(ctx.directory, ctx.state, transports, ctx.log, ctx.noisy);
  lorawan.attach(engine);
  gprs?.gprs.attach(engine);
  const subscribed = lorawan.start();
  resources.push(lorawan);
  return { engine, lorawan, gprs: gprs?.gprs, gprsPort: gprs?.port, subscribed };
}

/** Starts the head-end: broker (embedded unless MQTT_URL), LoRaWAN application, GPRS listener, state writer. */
export async function startHeadEnd(
  cfg: HeadEndConfig,
  db: Db,
  log: Log,
  opts: HeadEndOptions = {},
): Promise<HeadEndService> {
  const registry = opts.shareLinks
    ? await startLinkRegistry(db, { leaseMs: cfg.linkLeaseSeconds * 1000, flushMs: 200 }, log)
    : localOnly();
  const ctx: LinkContext = {
    directory: MeterDirectory.fromDatabase(db),
    state: new LinkState(),
    log,
    noisy: createNoisyInputLog(log),
    registry,
  };
  const { directory, state } = ctx;
  await directory.load();
  let broker: EmbeddedBroker | undefined;
  const resources: Closable[] = [];
  try {
    if (!cfg.mqttUrl) {
      broker = await startEmbeddedBroker(cfg.mqttPort);
      log.info({ url: broker.url }, 'head-end: embedded MQTT broker listening');
    }
    const mqttUrl = cfg.mqttUrl ?? broker?.url ?? '';
    const { engine, lorawan, gprs, gprsPort, subscribed } = await openLinks(cfg, ctx, mqttUrl, resources);
    // The embedded broker is ours and local: wait for the subscriptions so no early uplink is missed.
    if (broker) await subscribed;
    const shared = Boolean(cfg.mqttShareGroup);
    const writer = createStateWriter(db, state, log, { intervalMs: cfg.persistMs, shared });
    const liveness = shared ? startSharedLiveness(db, state, log, { intervalMs: cfg.persistMs }) : undefined;
    const housekeeping = startHousekeeping(cfg, ctx);
    let closing: Promise<void> | undefined;
    return {
      processId: registry.processId,
      sharesLinks: registry.shared,
      registry,
      mqttUrl,
      gprsPort,
      state,
      exchange: (meterId, request, opts) => engine.exchange(meterId, request, opts),
      linkState: (meterId) => state.meter(meterId),
      gprsLinkCount: () => gprs?.linkCount ?? 0,
      brokerConnected: () => lorawan.connected,
      flush: () => writer.flush(true),
      refreshMeters: () => directory.load(),
      close() {
        closing ??= (async () => {
          clearInterval(housekeeping);
          engine.abortAll('the head-end is closing');
          await closeAll(resources, broker);
          await registry.close();
          await liveness?.close();
          await writer.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    await closeAll(resources, broker);
    await registry.close();
    throw err;
  }
}
