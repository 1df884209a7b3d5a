import { luhnCheckDigit } from '@prepay/sts';
import { type TestApp, userWithRole } from './harness.js';

/** An 11-digit STS meter number (IAIN) with a valid DRN check digit. */
export function iain(n: number, prefix = '4700'): string {
  const body = `${prefix}${String(n).padStart(10 - prefix.length, '0')}`;
  return body + luhnCheckDigit(body);
}

export const DEMO_VK = {
  sgc: '123456',
  krn: 1,
  dkga: '02',
  vendingKey: 'ABABABABABABABAB',
  baseYear: 1993,
} as const;

export interface Page<T> {
  total: number;
  data: T[];
}

/** Stations NORTH and SOUTH (ordinary) next to the bootstrapped system station 0001. */
export async function createStations(t: TestApp, admin: string) {
  const res = await t.call(
    '/api/station/create',
    [
      { stationId: 'NORTH', name: 'North' },
      { stationId: 'SOUTH', name: 'South' },
    ],
    admin,
  );
  if (res.code !== 0) throw new Error(res.reason);
}

/** Every response, log row and stored value as one string, to search for a secret. */
export async function everythingAudited(t: TestApp): Promise<string> {
  return JSON.stringify(await t.auditRows());
}

/** A user of station NORTH (createStations) whose role holds `content`; returns the user's token. */
export const northUser = (t: TestApp, userId: string, content: string) =>
  userWithRole(t, { userId, content, stationId: 'NORTH' });
