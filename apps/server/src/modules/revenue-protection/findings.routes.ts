import { type Endpoint, exportPath, REVENUE_PROTECTION_API } from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import {
  type AnswerOf,
  type AuthedContext,
  type BodyOf,
  defineRoute,
  type RouteDef,
} from '../../http/route.js';
import { exportRoute } from '../meter-data/index.js';
import type { FindingsService } from './findings.service.js';

const tag = 'RevenueProtection';
type Paged = z.ZodObject<{ total: z.ZodNumber; data: z.ZodArray<z.ZodObject> }>;

/** One finding: its grid read and the download of every row of the same filter and sort. */
function finding<E extends Endpoint<z.ZodType, Paged>>(
  deps: Deps,
  e: {
    endpoint: E;
    title: string;
    read: (b: BodyOf<E>, ctx: AuthedContext) => Promise<AnswerOf<E>>;
    /** Row fields left out of the download (lists the grid shows as tags). */
    notExported?: string[];
    /** Columns whose codes are read from another dictionary than their own key. */
    values?: Record<string, string>;
  },
): RouteDef[] {
  const { endpoint, title, read } = e;
  const columns = Object.keys(endpoint.result.shape.data.element.shape).filter(
    (k) => !e.notExported?.includes(k),
  );
  return [
    defineRoute({ endpoint, tag, summary: title, handler: (b, ctx) => read(b, ctx) }),
    exportRoute(deps, {
      path: exportPath(endpoint.path.replace(/\/read$/, '')),
      permission: endpoint.permission,
      title,
      body: endpoint.request,
      columns,
      values: e.values,
      read: (b, ctx) => read(b as BodyOf<E>, ctx),
    }),
  ];
}

/** Each finding's read and export. */
export function findingRoutes(deps: Deps, findings: FindingsService): RouteDef[] {
  const api = REVENUE_PROTECTION_API;
  return [
    finding(deps, {
      endpoint: api.transformerBalance,
      title: 'Transformer Balance',
      read: (b, ctx) => findings.transformerBalance(b, ctx.user),
    }),
    finding(deps, {
      endpoint: api.zeroBuyers,
      title: 'Zero Buyers',
      read: (b, ctx) => findings.zeroBuyers(b, ctx.user),
    }),
    finding(deps, {
      endpoint: api.consumptionBeyondCredit,
      title: 'Consumption Beyond Credit',
      read: (b, ctx) => findings.consumptionBeyondCredit(b, ctx.user),
    }),
    finding(deps, { endpoint: api.tamper, title: 'Tamper', read: (b, ctx) => findings.tamper(b, ctx.user) }),
    finding(deps, {
      endpoint: api.suspects,
      title: 'Suspects',
      read: (b, ctx) => findings.suspects(b, ctx.user),
      notExported: ['evidence'],
      values: { zeroBuyerState: 'state' },
    }),
  ].flat();
}
