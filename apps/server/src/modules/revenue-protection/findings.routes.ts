import { REVENUE_PROTECTION_API } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import type { RouteDef } from '../../http/route.js';
import { gridsWithExport } from '../meter-data/index.js';
import type { FindingsService } from './findings.service.js';

/** Each finding's read and export. */
export function findingRoutes(deps: Deps, findings: FindingsService): RouteDef[] {
  const api = REVENUE_PROTECTION_API;
  const finding = gridsWithExport(deps, { tag: 'RevenueProtection' });
  return [
    finding(api.transformerBalance, 'Transformer Balance', (b, ctx) =>
      findings.transformerBalance(b, ctx.user),
    ),
    finding(api.zeroBuyers, 'Zero Buyers', (b, ctx) => findings.zeroBuyers(b, ctx.user)),
    finding(api.consumptionBeyondCredit, 'Consumption Beyond Credit', (b, ctx) =>
      findings.consumptionBeyondCredit(b, ctx.user),
    ),
    finding(api.tamper, 'Tamper', (b, ctx) => findings.tamper(b, ctx.user)),
    finding(api.suspects, 'Suspects', (b, ctx) => findings.suspects(b, ctx.user), {
      notExported: ['evidence'],
      values: { zeroBuyerState: 'state' },
    }),
  ].flat();
}
