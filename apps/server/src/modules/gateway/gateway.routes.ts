import {
  GATEWAY_PATHS,
  GatewayDeleteRequest,
  GatewayReadRequest,
  GatewayRow,
  GatewayWriteRequest,
} from '@prepay/contracts';
import { keysOf, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { GatewayService } from './gateway.service.js';

export function gatewayRoutes(gateways: GatewayService): RouteDef[] {
  return tableRoutes({
    paths: GATEWAY_PATHS,
    tag: 'Gateway',
    permission: 'Management.Gateway',
    row: GatewayRow,
    read: {
      summary: 'List gateways',
      body: GatewayReadRequest,
      handler: (b, ctx) => gateways.read(b, ctx.user),
    },
    write: {
      line: GatewayWriteRequest,
      summaries: {
        Create: 'Create gateways',
        Import: 'Import gateways, all or nothing',
        Update: 'Update gateways (name, remark, station)',
      },
      handler: (b, ctx, action) => gateways.write(ctx, b, action),
    },
    remove: {
      key: GatewayDeleteRequest,
      summary: 'Delete gateways',
      handler: (b, ctx) => gateways.remove(ctx, keysOf(b, 'gatewayId')),
    },
  });
}
