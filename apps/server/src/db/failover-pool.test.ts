import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, PrimaryUnavailable, parseMultiHost } from './failover-pool.js';

describe('multi-host database URLs', () => {
  it('reads every host of a libpq multi-host URL and keeps the rest of it for node-postgres', () => {
    const m = parseMultiHost(
      'postgres://app:secret@db1:5432,db2:5433,[::1]/prepay?target_session_attrs=read-write&sslmode=prefer',
    );
    expect(m?.hosts).toEqual([
      { host: 'db1', port: 5432 },
      { host: 'db2', port: 5433 },
      { host: '::1', port: 5432 },
    ]);
    expect(m?.single).toBe('postgres://app:secret@db1:5432/prepay?sslmode=prefer');
    expect(parseMultiHost('postgres://u@h1:1,h2:2/db?target_session_attrs=read-write')?.single).toBe(
      'postgres://u@h1:1/db',
    );
  });

  it('leaves a one-host URL to the plain pool', () => {
    expect(parseMultiHost('postgres://app@db1:5432/prepay')).toBeNull();
    expect(parseMultiHost('postgres://app@/prepay?host=/tmp&port=5432')).toBeNull();
  });
});

describe('what a failover looks like to a request', () => {
  it('counts lost connections, shutdowns, read-only sessions and no primary as retryable, wrapped or not', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert …'), { cause });
    expect(isDatabaseUnavailable(new PrimaryUnavailable('all down'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: '25006' })))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
  });

  it('leaves every other failure alone (a constraint, a bad value, a bug)', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('range'), { code: '22003' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
  });
});
