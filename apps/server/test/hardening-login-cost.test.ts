import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, userWithRole } from './harness.js';

/**
 * "Unknown users cost the same time as wrong passwords" without measuring time (no timings in tests):
 * the work a login does is argon2id verification, so the test counts the library's verify calls — the
 * real argon2, wrapped to record its arguments — and compares the parameters of the hash each login
 * verified against. Same count and same parameters mean the same cost.
 */
const verified: string[] = [];
vi.mock('@node-rs/argon2', async (original) => {
  const lib = await original<typeof import('@node-rs/argon2')>();
  return {
    ...lib,
    verify: async (hashed: string, plain: string) => {
      verified.push(hashed);
      return lib.verify(hashed, plain);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginCaptchaAfterFailures: 1000 });
  await userWithRole(t, { userId: 'known_cost', content: 'Setting.Log' });
});
afterAll(() => t.close());

/** The argon2 parameters of a PHC string: "$argon2id$v=19$m=19456,t=2,p=1$…" → "argon2id v=19 m=19456,t=2,p=1". */
const paramsOf = (phc: string) => phc.split('$').slice(1, 4).join(' ');

async function verificationsOf(userId: string) {
  verified.length = 0;
  const answer = await t.call('/api/user/login', { userId, password: 'Not#The-Password1' });
  return { reason: answer.reason, hashes: [...verified] };
}

describe('login cost', () => {
  it('an unknown name does the same argon2id work as a known name with a wrong password', async () => {
    const known = await verificationsOf('known_cost');
    const unknown = await verificationsOf('ghost_cost');
    expect(known.hashes).toHaveLength(1);
    expect(unknown.hashes).toHaveLength(1);
    expect(paramsOf(unknown.hashes[0] ?? '')).toBe(paramsOf(known.hashes[0] ?? ''));
    expect(paramsOf(known.hashes[0] ?? '')).toMatch(/^argon2id v=19 m=19456,t=2,p=1$/);
    expect(unknown.reason).toBe(known.reason);
  });
});
