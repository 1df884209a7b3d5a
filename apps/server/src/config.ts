import path from 'node:path';

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
}

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
    dataDir: env.DATA_DIR ?? './data',
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
    webDist: path.resolve(env.WEB_DIST ?? 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 1024 * 1024, env),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
