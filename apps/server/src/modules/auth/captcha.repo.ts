import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { loginCaptchas } from '../../db/schema.js';

/** How many unexpired challenges the address holds. */
export async function openCaptchasOf(q: Queryable, address: string, now: Date): Promise<number> {
  const [open] = await q
    .select({ n: count() })
    .from(loginCaptchas)
    .where(and(eq(loginCaptchas.ipAddress, address), gt(loginCaptchas.expiresAt, now)));
  return open?.n ?? 0;
}

export async function purgeExpiredCaptchas(q: Queryable, now: Date) {
  await q.delete(loginCaptchas).where(lt(loginCaptchas.expiresAt, now));
}

export async function insertCaptcha(q: Queryable, values: typeof loginCaptchas.$inferInsert) {
  await q.insert(loginCaptchas).values(values);
}

/** Deletes the challenge and answers it: a challenge is used up by its first answer. */
export async function takeCaptcha(q: Queryable, captchaId: string) {
  const [row] = await q.delete(loginCaptchas).where(eq(loginCaptchas.captchaId, captchaId)).returning();
  return row;
}
