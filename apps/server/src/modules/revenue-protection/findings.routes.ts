import { exportPath, REVENUE_PROTECTION_API } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { exportRoute } from '../meter-data/index.js';
import type { FindingsService } from './findings.service.js';

const tag = 'RevenueProtection';

/** Each finding: its grid read and the download of every row of the same filter and sort. */
export function findingRoutes(deps: Deps, findings: FindingsService): RouteDef[] {
  const endpoint = REVENUE_PROTECTION_API.transformerBalance;
  const title = 'Transformer Balance';
  const read = (
    b: Parameters<FindingsService['transformerBalance']>[0],
    ctx: { user: Parameters<FindingsService['transformerBalance']>[1] },
  ) => findings.transformerBalance(b, ctx.user);
  return [
    defineRoute({ endpoint, tag, summary: title, handler: (b, ctx) => read(b, ctx) }),
    exportRoute(deps, {
      path: exportPath(endpoint.path.replace(/\/read$/, '')),
      permission: endpoint.permission,
      title,
      body: endpoint.request,
      columns: Object.keys(endpoint.result.shape.data.element.shape),
      read,
    }),
  ];
}
