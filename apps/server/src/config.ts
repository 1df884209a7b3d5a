import path from 'node:path';
import { checkVendorProfile, type VendorOverdraftProfile } from '@prepay/sts';

/** Everything the server reads from the environment, parsed once at start. */
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
  seed: 'demo' | 'none';
  jwtSecret: string | undefined;
  tokenTtlMinutes: number;
  idleTimeoutMinutes: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  webDist: string;
  logLevel: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /**
   * "Set maximum overdraft" is vendor-specific: per meter model (protocolVersion), the proprietary class 2
   * subclass and value encoding to use. Empty by default, and the token is refused without one.
   */
  overdraftProfiles: Record<string, VendorOverdraftProfile>;
  /**
   * The original's change-key request has no authorization password; a utility may demand one anyway
   * (KEY_CHANGE_REQUIRES_AUTHORIZATION=1). A password that is sent is always checked.
   */
  keyChangeRequiresAuthorization: boolean;
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
    seed,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlMinutes: int('TOKEN_TTL_MINUTES', 480, env),
    idleTimeoutMinutes: int('IDLE_TIMEOUT_MINUTES', 30, env),
    loginMaxFailures: int('LOGIN_MAX_FAILURES', 5, env),
    loginLockMinutes: int('LOGIN_LOCK_MINUTES', 15, env),
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 1024 * 1024, env),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    overdraftProfiles: overdraftProfiles(env.STS_OVERDRAFT_PROFILES),
    keyChangeRequiresAuthorization:
      env.KEY_CHANGE_REQUIRES_AUTHORIZATION === '1' || env.KEY_CHANGE_REQUIRES_AUTHORIZATION === 'true',
  };
}
