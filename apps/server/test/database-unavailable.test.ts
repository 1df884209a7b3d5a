import { ErrorCode } from '@prepay/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PrimaryUnavailable } from '../src/db/failover-pool.js';
import { installErrorHandling } from '../src/http/error-handler.js';

/** The answer a request gets when the database fails under it, through the server's one error mapping. */
async function answerTo(error: Error) {
  const app = Fastify();
  installErrorHandling(app);
  app.post('/vend', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'POST', url: '/vend', payload: {} });
  await app.close();
  return res;
}

describe('a request in flight when the database fails over', () => {
  it('gets 503 with Retry-After and the typed code, not a 500', async () => {
    for (const error of [
      new PrimaryUnavailable('127.0.0.1:5432 unreachable; 127.0.0.1:5433 standby'),
      Object.assign(new Error('Failed query: insert into token_records …'), {
        cause: new Error('Connection terminated unexpectedly'),
      }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ]) {
      const res = await answerTo(error);
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const body = res.json();
      expect(body.code).toBe(ErrorCode.unavailable);
      expect(body.reason).toMatch(/send it again/);
      // The database's own words (hosts, statements) stay in the log.
      expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|insert|administrator/);
    }
  });

  it('leaves a bug a 500', async () => {
    const res = await answerTo(new TypeError('x is undefined'));
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe(ErrorCode.internal);
  });
});
