import { type Config, loadConfig } from '../src/config.js';

export const ADMIN_PASSWORD = 'Admin#Pass-2026';
export const ADMIN_AUTH_PASSWORD = 'Auth#Pass-2026';

/** The configuration every test app starts from; tests override what they exercise. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    dataDir: undefined,
    adminPassword: ADMIN_PASSWORD,
    adminAuthorizationPassword: ADMIN_AUTH_PASSWORD,
    jwtSecret: 'test-secret-not-for-production-0123456789',
    logLevel: 'silent',
    webDist: '/nonexistent',
    ...overrides,
  };
}
