import {
  GatewayDeleteRequest,
  GatewayReadRequest,
  GatewayRow,
  GatewayWriteRequest,
  page,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, keysOf, type RouteDef, writeRoutes } from '../../http/route.js';
import { readGateways } from './gateway.repo.js';
import type { GatewayService } from './gateway.service.js';

const tag = 'Gateway';
const permission = 'Management.Gateway' as const;

export function gatewayRoutes(deps: Deps, gateways: GatewayService): RouteDef[] {
  const { db } = deps.database;
  const rows = z.array(GatewayRow);
  return [
    defineRoute({
      path: '/api/gateway/read',
      permission,
      tag,
      summary: 'List gateways',
      body: GatewayReadRequest,
      result: page(GatewayRow),
      handler: (b, ctx) => readGateways(db, b, ctx.user),
    }),
    ...writeRoutes({
      base: '/api/gateway',
      permission: permission,
      tag,
      body: writeBody(GatewayWriteRequest),
      result: rows,
      summaries: {
        Create: 'Create gateways',
        Import: 'Import gateways, all or nothing',
        Update: 'Update gateways (name, remark, station)',
      },
      write: (b, ctx, action) => gateways.write(ctx, b, action),
    }),
    defineRoute({
      path: '/api/gateway/delete',
      permission,
      tag,
      summary: 'Delete gateways',
      body: writeBody(GatewayDeleteRequest),
      result: rows,
      handler: (b, ctx) => gateways.remove(ctx, keysOf(b, 'gatewayId')),
    }),
  ];
}
