import { forbidden } from '../lib/domain-errors.js';
import type { SessionUser } from '../lib/user-context.js';

/** A user who is not a system administrator changes only rows of their own station. */
export function assertStation(user: SessionUser, stationId: string): void {
  if (!user.isSystemAdmin && stationId !== user.stationId) {
    throw forbidden(`You can only manage rows of your own station (${user.stationId})`);
  }
}

/**
 * What every station shares (stations, dictionaries, catalogues, keys, images) only a system
 * administrator changes; `refusal` says what was refused ("Only a system administrator …").
 */
export function assertSystemAdmin(user: SessionUser, refusal: string): void {
  if (!user.isSystemAdmin) throw forbidden(refusal);
}
