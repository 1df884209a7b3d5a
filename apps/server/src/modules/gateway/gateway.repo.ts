import type { GatewayReadRequest, GatewayRow } from '@prepay/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { gateways } from '../../db/schema.js';
import { formatDateTime } from '../../lib/dates.js';
import { allOf, commonConditions, contains, equals, type ReadSpec, readTable } from '../../lib/read-query.js';
import type { SessionUser } from '../../lib/user-context.js';
import { basisPointsToNumber } from '../masterdata/money.js';

export const gatewaySpec: ReadSpec = {
  sortable: {
    gatewayId: gateways.gatewayId,
    gatewayName: gateways.gatewayName,
    status: gateways.status,
    successRate: gateways.successRateBp,
    lastSeen: gateways.lastSeen,
    stationId: gateways.stationId,
    remark: gateways.remark,
    createDate: gateways.createDate,
    updateDate: gateways.updateDate,
  },
  defaultOrder: [asc(gateways.gatewayId)],
  search: [gateways.gatewayId, gateways.gatewayName, gateways.remark],
  createDate: gateways.createDate,
  updateDate: gateways.updateDate,
  station: gateways.stationId,
};

export const toGatewayRow = (g: typeof gateways.$inferSelect): GatewayRow => ({
  gatewayId: g.gatewayId,
  gatewayName: g.gatewayName,
  status: g.status,
  successRate: basisPointsToNumber(g.successRateBp),
  lastSeen: formatDateTime(g.lastSeen),
  stationId: g.stationId,
  remark: g.remark,
  createId: g.createId,
  createDate: formatDateTime(g.createDate),
  updateId: g.updateId,
  updateDate: formatDateTime(g.updateDate ?? g.createDate),
});

export async function loadGateways(q: Queryable, ids: string[]) {
  if (!ids.length) return [];
  return (await q.select().from(gateways).where(inArray(gateways.gatewayId, ids))).map(toGatewayRow);
}

export function readGateways(q: Queryable, req: GatewayReadRequest, user: SessionUser) {
  const where = allOf([
    ...commonConditions(gatewaySpec, req, user),
    contains(gateways.gatewayId, req.gatewayId),
    contains(gateways.gatewayName, req.gatewayName),
    equals(gateways.status, req.status),
    contains(gateways.remark, req.remark),
  ]);
  return readTable(q, gateways, where, gatewaySpec, req, toGatewayRow);
}
