import { asc } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { gateways, meters } from '../db/schema.js';

/** What the head-end's directory knows of each meter. */
export const directoryMeters = (q: Queryable) =>
  q
    .select({ meterId: meters.meterId, devEui: meters.devEui, communicationWay: meters.communicationWay })
    .from(meters);

/** Every gateway with its station, in id order. */
export const fleetGateways = (q: Queryable) =>
  q
    .select({ gatewayId: gateways.gatewayId, stationId: gateways.stationId })
    .from(gateways)
    .orderBy(asc(gateways.gatewayId));

/** Every meter as the simulated fleet needs it, in id order. */
export const fleetMeters = (q: Queryable) =>
  q
    .select({
      meterId: meters.meterId,
      type: meters.type,
      communicationWay: meters.communicationWay,
      devEui: meters.devEui,
      stationId: meters.stationId,
    })
    .from(meters)
    .orderBy(asc(meters.meterId));
