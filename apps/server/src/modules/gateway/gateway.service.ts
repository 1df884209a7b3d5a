import type { GatewayReadRequest, GatewayRow, GatewayWriteRequest } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { keptFieldSaves, type StationBatch, stationRowsWriter } from '../../kernel/batch-write.js';
import { stationRowsRemover } from '../../kernel/rows.js';
import type { SessionUser } from '../../lib/user-context.js';
import { withDeps } from '../../lib/with-deps.js';
import { gatewayTable, readCurrentGateways, storedGateway } from './gateway.repo.js';

const write = stationRowsWriter(
  gatewayTable,
  'gatewayId',
  'gateway',
  async (_tx, batch: StationBatch<GatewayWriteRequest, GatewayRow>) =>
    keptFieldSaves(batch, 'gatewayId', ['gatewayName', 'remark'], storedGateway),
);

const remove = stationRowsRemover(gatewayTable, 'gatewayId', 'gateway', (id) => id.toUpperCase());

/** Gateways with the head-end's live last-seen, marked stale when online but silent past the threshold. */
function read(deps: Deps, req: GatewayReadRequest, user: SessionUser) {
  const state = deps.headend?.state;
  return readCurrentGateways(deps.database.db, req, user, {
    now: deps.clock.now().getTime(),
    silenceMs: deps.config.headend.lorawanSilenceSeconds * 1000,
    liveSeen: state ? (id) => state.lastSeenOf(id) : undefined,
  });
}

export function createGatewayService(deps: Deps) {
  return withDeps(deps, { read, write, remove });
}
export type GatewayService = ReturnType<typeof createGatewayService>;
