import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Clock } from '../../lib/clock.js';
import { type SessionProof, sessionProofOf } from '../auth/index.js';
import { loadKeyEncryptionKey } from '../keystore/index.js';
import {
  authorizationHashOf,
  clearAuthorizationFailures,
  dropProof,
  readProof,
  saveProof,
} from './authorization-proof.repo.js';

/**
 * Authorization passwords without an argon2 check on every vend.
 *
 * The wire contract is unchanged: every vend and cancel still carries the authorization password, and the
 * password is still checked on every one. What changes is the cost: the first correct password of a
 * session pays the memory-hard argon2id check (through auth's `checkAuthorizationPassword`, which also
 * keeps the lockout counters); it then leaves a proof row keyed by the session: HMAC-SHA256(K, session id ‖
 * password), where K is derived (HKDF) from the key-encryption key, which lives outside the database. For
 * AUTHORIZATION_PROOF_MINUTES after that, a vend of the same session whose password gives the same HMAC is
 * accepted without argon2 — one indexed row read instead of ~25 ms of CPU.
 *
 * Threat model:
 * - A stolen session token alone gets nothing it did not have: the proof is only used together with the
 *   password, on the session that made it, and the session itself is checked on every request (logout,
 *   expiry, idle time, a disabled user end it, and the proof row goes with the session row).
 * - Guessing: any password that does not match the proof falls through to the full argon2 check, which
 *   counts the failure towards the user's lockout exactly as before, and the proof is dropped. A locked
 *   user is refused on the fast path too. So a guesser pays argon2 per try and hits the same limit.
 * - A changed authorization password voids every proof: each proof names (by SHA-256) the hash it was
 *   made against, compared with the user's current hash in the same read, in whichever process.
 * - A copy of the database alone cannot brute-force the HMACs fast: K is not in it. With K too (the
 *   KEK stolen as well) the proofs of sessions active in the last minutes fall to a fast offline search,
 *   which is why they expire quickly and are deleted, and why the memory-hard hash stays the stored form.
 * - Processes with different KEKs (a misconfiguration) only lose the speed: a proof they cannot verify
 *   sends the vend to the argon2 check, which replaces the proof.
 */
export type AuthorizationCheck = (
  user: { userId: string; sessionId: string },
  password: string | null | undefined,
) => Promise<void>;

const tagOf = (hash: string) => createHash('sha256').update(hash).digest('base64url');

/** What the proof functions share: the database, the clock, the proof lifetime and the HMAC key. */
interface Proofs {
  db: Db;
  clock: Clock;
  minutes: number;
  key: () => Promise<Buffer>;
}

const digestOf = async (p: Proofs, sessionId: string, password: string) =>
  createHmac('sha256', await p.key())
    .update(`${sessionId}\0${password}`)
    .digest();

/** The session's proof: the one its session read found on this request, else read now. */
async function proofFor(
  p: Proofs,
  user: { userId: string; sessionId: string },
): Promise<SessionProof | undefined> {
  const kept = sessionProofOf(user);
  if (kept) return kept;
  return readProof(p.db, user.sessionId, user.userId);
}

/** True when the session holds a live proof for this very password and nothing voids it. */
async function proven(
  p: Proofs,
  user: { userId: string; sessionId: string },
  password: string,
): Promise<boolean> {
  const row = await proofFor(p, user);
  const now = p.clock.now();
  if (!row?.digest || !row.expiresAt || row.expiresAt <= now) return false;
  if (row.lockedUntil && row.lockedUntil > now) return false;
  if (row.hashCurrent !== true) return false;
  const stored = Buffer.from(row.digest, 'base64url');
  const given = await digestOf(p, user.sessionId, password);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return false;
  // A success forgets earlier wrong tries, as the full check does.
  if (row.failures) {
    await clearAuthorizationFailures(p.db, user.userId);
  }
  return true;
}

async function remember(p: Proofs, userId: string, sessionId: string, password: string, hash: string) {
  const now = p.clock.now();
  const values = {
    sessionId,
    userId,
    digest: (await digestOf(p, sessionId, password)).toString('base64url'),
    hashTag: tagOf(hash),
    expiresAt: new Date(now.getTime() + p.minutes * 60_000),
  };
  await saveProof(p.db, values, now);
}

/** The proof if it holds; else the full check, which leaves a proof on success and drops it on failure. */
async function checkWithProof(
  p: Proofs,
  fullCheck: (userId: string, password: string) => Promise<void>,
  user: { userId: string; sessionId: string },
  password: string | null | undefined,
) {
  const given = password ?? '';
  if (p.minutes <= 0 || !given) return fullCheck(user.userId, given);
  if (await proven(p, user, given)) return;
  // The hash is read before the full check: if the password changes in between, the proof names the
  // old hash and is void at its first use.
  const current = await authorizationHashOf(p.db, user.userId);
  try {
    await fullCheck(user.userId, given);
  } catch (err) {
    await dropProof(p.db, user.sessionId, p.clock.now());
    throw err;
  }
  if (current) await remember(p, user.userId, user.sessionId, given, current);
}

export function createAuthorizationProofs(
  deps: Deps,
  fullCheck: (userId: string, password: string) => Promise<void>,
): AuthorizationCheck {
  const { config } = deps;
  let key: Promise<Buffer> | undefined;
  const p: Proofs = {
    db: deps.database.db,
    clock: deps.clock,
    minutes: config.authorizationProofMinutes,
    key: () => {
      key ??= loadKeyEncryptionKey({ dataDir: config.dataDir }).then((kek) =>
        Buffer.from(hkdfSync('sha256', kek, '', 'prepay authorization proof v1', 32)),
      );
      return key;
    },
  };
  return (user, password) => checkWithProof(p, fullCheck, user, password);
}
