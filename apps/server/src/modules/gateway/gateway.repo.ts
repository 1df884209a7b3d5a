import type { GatewayRow } from '@prepay/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { gateways } from '../../db/schema.js';
import { auditedTable } from '../../kernel/audited-write.js';
import { basisPointsToNumber } from '../../kernel/money.js';
import { auditedSpec, gridPage, loadByKeys } from '../../kernel/read-query.js';
import { auditStamps, formatDateTime } from '../../lib/dates.js';

export const gatewaySpec = auditedSpec(gateways, {
  sortable: [['successRate', gateways.successRateBp], 'lastSeen'],
  defaultOrder: [asc(gateways.gatewayId)],
  search: [gateways.gatewayId, gateways.gatewayName, gateways.remark],
  station: gateways.stationId,
  filters: { contains: ['gatewayId', 'gatewayName', 'remark'], equals: ['status'] },
});

export const toGatewayRow = (g: typeof gateways.$inferSelect): GatewayRow => ({
  gatewayId: g.gatewayId,
  gatewayName: g.gatewayName,
  status: g.status,
  successRate: basisPointsToNumber(g.successRateBp),
  lastSeen: formatDateTime(g.lastSeen),
  stationId: g.stationId,
  remark: g.remark,
  ...auditStamps(g),
});

export const loadGateways = (q: Queryable, ids: string[]) =>
  loadByKeys(q, gateways, gateways.gatewayId, ids, toGatewayRow);

export const readGateways = gridPage(gateways, gatewaySpec, toGatewayRow);

/** Where gateway writes go, and how they are answered and audited. */
export const gatewayTable = auditedTable(gateways, 'Gateway', loadGateways, (g) => g.gatewayId);

/** The stored row a write replaces. */
export const storedGateway = (gatewayId: string) => eq(gateways.gatewayId, gatewayId);
