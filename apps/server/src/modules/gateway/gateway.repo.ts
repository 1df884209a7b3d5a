import type { GatewayReadRequest, GatewayRow } from '@prepay/contracts';
import { asc } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { gateways } from '../../db/schema.js';
import { keyedTable } from '../../kernel/keyed-table.js';
import { basisPointsToNumber } from '../../kernel/money.js';
import { auditedSpec, gridPage } from '../../kernel/read-query.js';
import { auditStamps, formatDateTime } from '../../lib/dates.js';
import type { SessionUser } from '../../lib/user-context.js';

export const gatewaySpec = auditedSpec(gateways, {
  sortable: [['successRate', gateways.successRateBp], 'lastSeen'],
  defaultOrder: [asc(gateways.gatewayId)],
  search: [gateways.gatewayId, gateways.gatewayName, gateways.remark],
  station: gateways.stationId,
  filters: { contains: ['gatewayId', 'gatewayName', 'remark'], equals: ['status'] },
});

/** What a read needs to say how current a gateway's state is. */
export interface GatewayView {
  now: number;
  /** A gateway not heard for longer than this is no longer known to be online. */
  silenceMs: number;
  /** The head-end's live last-seen, newer than the stored one between its batched writes. */
  liveSeen?: (gatewayId: string) => Date | undefined;
}

function latest(a: Date | null, b: Date | undefined): Date | null {
  if (!b) return a;
  return !a || b > a ? b : a;
}

export const toGatewayRow = (g: typeof gateways.$inferSelect, view?: GatewayView): GatewayRow => {
  const seen = latest(g.lastSeen, view?.liveSeen?.(g.gatewayId));
  const stale = view ? g.status && (!seen || view.now - seen.getTime() > view.silenceMs) : undefined;
  return { ...storedRow(g), lastSeen: formatDateTime(seen), ...(stale === undefined ? {} : { stale }) };
};

const storedRow = (g: typeof gateways.$inferSelect): GatewayRow => ({
  gatewayId: g.gatewayId,
  gatewayName: g.gatewayName,
  status: g.status,
  successRate: basisPointsToNumber(g.successRateBp),
  lastSeen: formatDateTime(g.lastSeen),
  stationId: g.stationId,
  remark: g.remark,
  ...auditStamps(g),
});

/**
 * Gateways by id; a page of the stored rows as they are (the spreadsheet export); where gateway writes
 * go; the stored row a write replaces.
 */
export const {
  load: loadGateways,
  read: readGateways,
  writes: gatewayTable,
  stored: storedGateway,
} = keyedTable(
  gateways,
  gateways.gatewayId,
  'Gateway',
  gatewaySpec,
  (g) => toGatewayRow(g),
  (g) => g.gatewayId,
);

/** The rows with the live last-seen and the stale mark (the console's list). */
export const readCurrentGateways = (
  q: Queryable,
  req: GatewayReadRequest,
  user: SessionUser,
  view: GatewayView,
) => gridPage(gateways, gatewaySpec, (g) => toGatewayRow(g, view))(q, req, user);
