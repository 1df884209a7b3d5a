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
import { defineRoute, type RouteDef } from '../../http/route.js';
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
    defineRoute({
      path: '/api/gateway/create',
      permission,
      tag,
      summary: 'Create gateways',
      body: writeBody(GatewayWriteRequest),
      result: rows,
      handler: (b, ctx) => gateways.write(ctx, b, 'Create'),
    }),
    defineRoute({
      path: '/api/gateway/import',
      permission,
      tag,
      summary: 'Import gateways, all or nothing',
      body: writeBody(GatewayWriteRequest),
      result: rows,
      handler: (b, ctx) => gateways.write(ctx, b, 'Import'),
    }),
    defineRoute({
      path: '/api/gateway/update',
      permission,
      tag,
      summary: 'Update gateways (name, remark, station)',
      body: writeBody(GatewayWriteRequest),
      result: rows,
      handler: (b, ctx) => gateways.write(ctx, b, 'Update'),
    }),
    defineRoute({
      path: '/api/gateway/delete',
      permission,
      tag,
      summary: 'Delete gateways',
      body: writeBody(GatewayDeleteRequest),
      result: rows,
      handler: (b, ctx) =>
        gateways.remove(
          ctx,
          b.map((r) => r.gatewayId),
        ),
    }),
  ];
}
