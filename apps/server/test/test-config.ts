import { type Config, loadConfig } from '../src/config.js';

export const ADMIN_PASSWORD = 'Admin#Pass-2026';
export const ADMIN_AUTH_PASSWORD = 'Auth#Pass-2026';

/**
 * The STS fields of the tests' and benches' meters (SGC 123456, KRN 1, KEN 255, TI 1, KT 2, base date
 * 2014) with the decoder key the simulated meters hold.
 */
export const METER_STS = {
  decoderKey: 'ABCDEF0123456789',
  ea: '07',
  sgc: '123456',
  krn: 1,
  ti: 1,
  kt: 2,
  ken: 255,
  baseYear: 2014 as const,
};

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
