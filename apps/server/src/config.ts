import path from 'node:path';
import { checkVendorProfile, type VendorOverdraftProfile } from '@prepay/sts';
import type { HeadEndConfig } from './headend/head-end.js';

/** Everything the server reads from the environment, parsed once at start. */
/** The utility's SMSC, reached over SMPP 3.4 (src/modules/sms); no URL = SMS stays queued, unsent. */
export interface SmsConfig {
  url: string | undefined;
  systemId: string;
  password: string;
  /** The sender the SMS carries (an alphanumeric name or a short code). */
  sourceAddr: string;
  /** How often the sender looks for due messages when nothing woke it. */
  pollMs: number;
  /** Attempts before a message the SMSC keeps refusing is failed. */
  maxAttempts: number;
}

/** What a mobile-money payment may be: whole currency units, within these bounds (inclusive). */
export interface MobileMoneyConfig {
  minAmount: number;
  maxAmount: number;
}

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory; ignored when databaseUrl is set. Undefined = in-memory (tests). */
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  adminAuthorizationPassword: string | undefined;
  /** Password for the seeded demo users; generated and printed once when absent. */
  demoPassword: string | undefined;
  /** Authorization password of the seeded demo users (must differ from demoPassword); generated when absent. */
  demoAuthorizationPassword: string | undefined;
  /** Share of the demo's read electricity meters that steal (bypass, tamper, zero buyer), 0–100. */
  demoTheftPercent?: number;
  seed: 'demo' | 'none';
  jwtSecret: string | undefined;
  tokenTtlMinutes: number;
  idleTimeoutMinutes: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Failed logins from one client address (any accounts) before the address is locked out. */
  loginAddressMaxFailures: number;
  /** Wrong authorization passwords in a row before a user's vending is locked (same lock time, back-off). */
  authorizationMaxFailures: number;
  /**
   * Failed logins (for the account name or the client address) after which a login must carry the
   * server's verification code; 0 = every login needs it. The original's login body has no code, so an
   * API client built from its OpenAPI logs in without one until it fails this often.
   */
  loginCaptchaAfterFailures: number;
  /** Browser tests only: a challenge carries its code so Playwright can type it. Never in production. */
  captchaRevealForTests: boolean;
  /**
   * How long a session's proven authorization password is checked with a keyed hash instead of argon2
   * (src/modules/vending/authorization-proof.ts); 0 checks argon2 on every vend.
   */
  authorizationProofMinutes: number;
  /** Serve /swagger without a login (off by default: the API description is for logged-in users). */
  swaggerPublic: boolean;
  webDist: string;
  logLevel: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /**
   * "Set maximum overdraft" is vendor-specific: per meter model (protocolVersion), the proprietary class 2
   * subclass and value encoding to use. Empty by default, and the token is refused without one.
   */
  overdraftProfiles: Record<string, VendorOverdraftProfile>;
  /** The head-end (src/headend): how meters are reached. */
  headend: HeadEndConfig;
  sms: SmsConfig;
  mobileMoney: MobileMoneyConfig;
  /**
   * Run the head-end (broker/ChirpStack link, GPRS listener, task runner) in this process. HEADEND=off
   * makes an API-only process; run the head-end in one process of its own beside several API processes.
   */
  headendEnabled: boolean;
  /** Prometheus /metrics on its own listener (METRICS_PORT; unset = no metrics listener). */
  metricsPort: number | undefined;
  metricsHost: string;
  /** Connections per process to PostgreSQL. */
  dbPoolSize: number;
  /** Start the simulated fleet with the server (npm start); SIMULATOR=off for real meters only. */
  simulator: boolean;
  /**
   * The original's change-key request has no authorization password; a utility may demand one anyway
   * (KEY_CHANGE_REQUIRES_AUTHORIZATION=1). A password that is sent is always checked.
   */
  keyChangeRequiresAuthorization: boolean;
  /** Where keys are sealed: the software vault (KEK in DATA_DIR or KEY_ENCRYPTION_KEY) or a PKCS#11 token. */
  keyVault: 'software' | 'pkcs11';
  /** The PKCS#11 token (KEY_VAULT=pkcs11 only). */
  pkcs11: { module: string; tokenLabel: string; pinFile: string } | undefined;
  /**
   * The same for the other management tokens (clear credit, clear tamper, the limits, overdraft): off is
   * the original's contract (MANAGEMENT_TOKEN_REQUIRES_AUTHORIZATION=1 demands the password).
   */
  managementTokenRequiresAuthorization: boolean;
  /**
   * A task that cuts a customer's supply (Switch Off, a relay-trip frame): off is the original's contract
   * (its request has no reason or password); SWITCH_OFF_REQUIRES_AUTHORIZATION=1 demands both the reason
   * and the authorization password. A password that is sent is always checked.
   */
  switchOffRequiresAuthorization: boolean;
  /** Meter-data collection (src/modules/collection): the nightly frozen-data schedule. */
  collection: CollectionConfig;
}

export interface CollectionConfig {
  /** COLLECTION=off turns the schedule off (the re-collect endpoint still queues work for another process). */
  enabled: boolean;
  /** How often the leader sweeps (plans missing periods, queues tasks, stores answers). */
  sweepMs: number;
  /** Days back a sweep looks for missing daily rows (gaps older than this need an operator's re-collect). */
  lookbackDays: number;
  /**
   * Which meters get hourly readings: GPRS meters (always connected), all, or none (the default: two
   * reads per meter and hour is a load a utility opts into).
   */
  hourly: 'gprs' | 'all' | 'off';
  /**
   * Periods in flight at once (each is a few reading tasks): keeps the task queue bounded, so an
   * operator's task created during the night waits behind at most one batch.
   */
  maxInFlight: number;
  /** Minutes a failed period waits before it is tried again (sooner when the meter is heard again). */
  retryMinutes: number;
}

function overdraftProfiles(raw: string | undefined): Record<string, VendorOverdraftProfile> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(
      'STS_OVERDRAFT_PROFILES must be JSON: {"<meter model>": {"name", "subclass", "valueEncoding", "unit"}}',
    );
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('STS_OVERDRAFT_PROFILES must be an object keyed by meter model (protocolVersion)');
  }
  return Object.fromEntries(Object.entries(parsed).map(([model, p]) => [model, checkVendorProfile(p)]));
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

function int(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function collectionConfig(env: NodeJS.ProcessEnv): CollectionConfig {
  const hourly = (env.COLLECTION_HOURLY ?? 'off').toLowerCase();
  if (hourly !== 'gprs' && hourly !== 'all' && hourly !== 'off') {
    throw new Error(`COLLECTION_HOURLY must be "gprs", "all" or "off", got "${env.COLLECTION_HOURLY}"`);
  }
  const lookbackDays = int('COLLECTION_LOOKBACK_DAYS', 7, env);
  if (lookbackDays < 1 || lookbackDays > 31) throw new Error('COLLECTION_LOOKBACK_DAYS must be 1–31');
  return {
    enabled: onOff('COLLECTION', true, env),
    sweepMs: int('COLLECTION_SWEEP_MS', 60_000, env),
    lookbackDays,
    hourly,
    maxInFlight: Math.max(1, int('COLLECTION_MAX_IN_FLIGHT', 500, env)),
    retryMinutes: int('COLLECTION_RETRY_MINUTES', 30, env),
  };
}

function onOff(name: string, fallback: boolean, env: NodeJS.ProcessEnv): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be "on" or "off", got "${env[name]}"`);
}

function headendConfig(env: NodeJS.ProcessEnv): HeadEndConfig {
  const timeout = env.HEADEND_TIMEOUT_MS ? int('HEADEND_TIMEOUT_MS', 0, env) : undefined;
  const fPort = int('LORAWAN_FPORT', 2, env);
  if (fPort < 1 || fPort > 223) throw new Error(`LORAWAN_FPORT must be 1–223, got "${env.LORAWAN_FPORT}"`);
  const heartbeatSeconds = int('HEADEND_HEARTBEAT_SECONDS', 60, env);
  if (heartbeatSeconds < 1) throw new Error('HEADEND_HEARTBEAT_SECONDS must be at least 1');
  return {
    mqttUrl: env.MQTT_URL || undefined,
    mqttPort: int('MQTT_PORT', 1883, env),
    mqttUsername: env.MQTT_USERNAME || undefined,
    mqttPassword: env.MQTT_PASSWORD || undefined,
    chirpstackApplicationId: env.CHIRPSTACK_APPLICATION_ID || undefined,
    mqttShareGroup: shareGroup(env.MQTT_SHARE_GROUP),
    lorawanFport: fPort,
    headendPort: int('HEADEND_PORT', 9101, env),
    headendHost: env.HEADEND_HOST ?? '0.0.0.0',
    heartbeatSeconds,
    // Class C downlink + the meter's answer + uplink through the network server takes seconds; a DTU
    // answers in well under one.
    timeoutMs: { lorawan: timeout || 15_000, gprs: timeout || 5_000 },
    // Meters report every ~15 min: three missed reports = offline.
    lorawanSilenceSeconds: int('LORAWAN_SILENCE_SECONDS', 2_700, env),
    persistMs: 2_000,
    linkLeaseSeconds: Math.max(1, int('HEADEND_LEASE_SECONDS', 30, env)),
  };
}

/** An MQTT shared subscription group name: one topic level, no wildcards. */
function shareGroup(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (/[/+#]/.test(raw))
    throw new Error(`MQTT_SHARE_GROUP must be one topic level without / + #, got "${raw}"`);
  return raw;
}

function keyVaultConfig(env: NodeJS.ProcessEnv): Pick<Config, 'keyVault' | 'pkcs11'> {
  const kind = (env.KEY_VAULT ?? 'software').toLowerCase();
  if (kind === 'software') return { keyVault: 'software', pkcs11: undefined };
  if (kind !== 'pkcs11') throw new Error(`KEY_VAULT must be "software" or "pkcs11", got "${env.KEY_VAULT}"`);
  const tokenLabel = env.PKCS11_TOKEN_LABEL;
  const pinFile = env.PKCS11_PIN_FILE;
  if (!tokenLabel || !pinFile)
    throw new Error('KEY_VAULT=pkcs11 needs PKCS11_TOKEN_LABEL and PKCS11_PIN_FILE');
  const module = env.PKCS11_MODULE || '/usr/lib/softhsm/libsofthsm2.so';
  return { keyVault: 'pkcs11', pkcs11: { module, tokenLabel, pinFile } };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const seed = (env.SEED ?? 'demo').toLowerCase();
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be "demo" or "none", got "${env.SEED}"`);
  return {
    port: int('PORT', 8080, env),
    host: env.HOST ?? '0.0.0.0',
    // Defaults are anchored at the repository root, whichever workspace npm starts the server from.
    dataDir: env.DATA_DIR ?? path.join(REPO_ROOT, 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminAuthorizationPassword: env.ADMIN_AUTHORIZATION_PASSWORD || undefined,
    demoPassword: env.DEMO_PASSWORD || undefined,
    demoAuthorizationPassword: env.DEMO_AUTHORIZATION_PASSWORD || undefined,
    demoTheftPercent: Math.min(100, Math.max(0, int('DEMO_THEFT_PERCENT', 20, env))),
    seed,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlMinutes: int('TOKEN_TTL_MINUTES', 480, env),
    idleTimeoutMinutes: int('IDLE_TIMEOUT_MINUTES', 30, env),
    loginMaxFailures: int('LOGIN_MAX_FAILURES', 5, env),
    loginLockMinutes: int('LOGIN_LOCK_MINUTES', 15, env),
    loginAddressMaxFailures: int('LOGIN_ADDRESS_MAX_FAILURES', 50, env),
    authorizationMaxFailures: int('AUTHORIZATION_MAX_FAILURES', 5, env),
    loginCaptchaAfterFailures: int('LOGIN_CAPTCHA_AFTER_FAILURES', 3, env),
    captchaRevealForTests: onOff('CAPTCHA_REVEAL_FOR_TESTS', false, env),
    authorizationProofMinutes: int('AUTHORIZATION_PROOF_MINUTES', 10, env),
    swaggerPublic: env.SWAGGER_PUBLIC === '1' || env.SWAGGER_PUBLIC === 'true',
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 1024 * 1024, env),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    overdraftProfiles: overdraftProfiles(env.STS_OVERDRAFT_PROFILES),
    headend: headendConfig(env),
    sms: {
      url: env.SMPP_URL || undefined,
      systemId: env.SMPP_SYSTEM_ID ?? '',
      password: env.SMPP_PASSWORD ?? '',
      sourceAddr: env.SMPP_SOURCE_ADDR ?? 'PREPAY',
      pollMs: Math.max(100, int('SMPP_POLL_MS', 5_000, env)),
      maxAttempts: Math.max(1, int('SMPP_MAX_ATTEMPTS', 8, env)),
    },
    // M-Pesa takes whole shillings from 1 to 250 000 per payment.
    mobileMoney: {
      minAmount: Math.max(1, int('MOBILE_MONEY_MIN_AMOUNT', 10, env)),
      maxAmount: int('MOBILE_MONEY_MAX_AMOUNT', 250_000, env),
    },
    headendEnabled: onOff('HEADEND', true, env),
    metricsPort: env.METRICS_PORT ? int('METRICS_PORT', 0, env) : undefined,
    metricsHost: env.METRICS_HOST ?? '127.0.0.1',
    dbPoolSize: Math.max(1, int('DB_POOL_SIZE', 10, env)),
    // Off by default against a real broker: simulated meters do not belong on a utility's network.
    simulator: onOff('SIMULATOR', !env.MQTT_URL, env),
    keyChangeRequiresAuthorization:
      env.KEY_CHANGE_REQUIRES_AUTHORIZATION === '1' || env.KEY_CHANGE_REQUIRES_AUTHORIZATION === 'true',
    managementTokenRequiresAuthorization:
      env.MANAGEMENT_TOKEN_REQUIRES_AUTHORIZATION === '1' ||
      env.MANAGEMENT_TOKEN_REQUIRES_AUTHORIZATION === 'true',
    switchOffRequiresAuthorization:
      env.SWITCH_OFF_REQUIRES_AUTHORIZATION === '1' || env.SWITCH_OFF_REQUIRES_AUTHORIZATION === 'true',
    collection: collectionConfig(env),
    ...keyVaultConfig(env),
  };
}
