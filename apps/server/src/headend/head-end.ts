import type { Db } from '../db/client.js';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker.js';
import { ExchangeEngine, type MeterTransport } from './exchange.js';
import { GprsListener } from './gprs-listener.js';
import { LinkState } from './link-state.js';
import { LorawanLink } from './lorawan-link.js';
import { MeterDirectory } from './meter-directory.js';
import { createNoisyInputLog } from './noisy-input.js';
import { createStateWriter } from './state-writer.js';
import type { HeadEnd, Log } from './types.js';

export interface HeadEndConfig {
  /** The utility's broker; unset = run the embedded one on `mqttPort` (0 = any free port). */
  mqttUrl?: string;
  mqttPort: number;
  mqttUsername?: string;
  mqttPassword?: string;
  chirpstackApplicationId?: string;
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
}

export interface HeadEndService extends HeadEnd {
  /** Where the LoRaWAN side's broker is (the embedded one's URL when it runs). */
  readonly mqttUrl: string;
  /** The GPRS listener's bound port, or undefined when off. */
  readonly gprsPort: number | undefined;
  readonly state: LinkState;
  /** Meters currently dialled in over TCP. */
  gprsLinkCount(): number;
  /** Writes live state to the database now (tests, shutdown). */
  flush(): Promise<void>;
  /** Re-reads the meters (ids, addresses, DevEUIs) after meters were created or changed. */
  refreshMeters(): Promise<void>;
}

/** Starts the head-end: broker (embedded unless MQTT_URL), LoRaWAN application, GPRS listener, state writer. */
export async function startHeadEnd(cfg: HeadEndConfig, db: Db, log: Log): Promise<HeadEndService> {
  const noisy = createNoisyInputLog(log);
  const directory = MeterDirectory.fromDatabase(db);
  await directory.load();
  const state = new LinkState();
  let broker: EmbeddedBroker | undefined;
  const resources: { close(): Promise<void> }[] = [];
  try {
    if (!cfg.mqttUrl) {
      broker = await startEmbeddedBroker(cfg.mqttPort);
      log.info({ url: broker.url }, 'head-end: embedded MQTT broker listening');
    }
    const mqttUrl = cfg.mqttUrl ?? broker?.url ?? '';
    const lorawan = new LorawanLink({
      url: mqttUrl,
      username: cfg.mqttUsername,
      password: cfg.mqttPassword,
      fPort: cfg.lorawanFport,
      applicationId: cfg.chirpstackApplicationId,
      timeoutMs: cfg.timeoutMs.lorawan,
      directory,
      state,
      log,
      noisy,
    });
    const transports: MeterTransport[] = [lorawan];
    let gprs: GprsListener | undefined;
    let gprsPort: number | undefined;
    if (cfg.headendPort !== 0) {
      gprs = new GprsListener({
        host: cfg.headendHost,
        port: cfg.headendPort === 'ephemeral' ? 0 : cfg.headendPort,
        heartbeatSeconds: cfg.heartbeatSeconds,
        timeoutMs: cfg.timeoutMs.gprs,
        directory,
        state,
        log,
        noisy,
      });
      gprsPort = await gprs.listen();
      resources.push(gprs);
      transports.push(gprs);
      log.info({ port: gprsPort }, 'head-end: GPRS/DTU listener up');
    }
    const engine = new ExchangeEngine(directory, state, transports, log, noisy);
    lorawan.attach(engine);
    gprs?.attach(engine);
    const subscribed = lorawan.start();
    resources.push(lorawan);
    // The embedded broker is ours and local: wait for the subscriptions so no early uplink is missed.
    if (broker) await subscribed;

    const writer = createStateWriter(db, state, log, { intervalMs: cfg.persistMs });
    const housekeeping = setInterval(() => {
      state.expireSilentMeters('lorawan', cfg.lorawanSilenceSeconds * 1000);
      directory
        .refreshIfStale()
        .catch((err) => log.warn({ err: (err as Error).message }, 'head-end: meter reload failed'));
    }, 5_000);
    housekeeping.unref();

    let closing: Promise<void> | undefined;
    return {
      mqttUrl,
      gprsPort,
      state,
      exchange: (meterId, request, opts) => engine.exchange(meterId, request, opts),
      linkState: (meterId) => state.meter(meterId),
      gprsLinkCount: () => gprs?.linkCount ?? 0,
      flush: () => writer.flush(true),
      refreshMeters: () => directory.load(),
      close() {
        closing ??= (async () => {
          clearInterval(housekeeping);
          engine.abortAll('the head-end is closing');
          for (const r of resources.reverse()) await r.close().catch(() => undefined);
          await broker?.close().catch(() => undefined);
          await writer.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    for (const r of resources.reverse()) await r.close().catch(() => undefined);
    await broker?.close().catch(() => undefined);
    throw err;
  }
}
