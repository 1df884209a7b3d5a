import {
  GATEWAY_PATHS,
  GatewayDeleteRequest,
  GatewayReadRequest,
  GatewayRow,
  GatewayWriteRequest,
} from '@prepay/contracts';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { GatewayService } from './gateway.service.js';

export function gatewayRoutes(gateways: GatewayService): RouteDef[] {
  return tableRoutes(gateways, {
    paths: GATEWAY_PATHS,
    tag: 'Gateway',
    permission: 'Management.Gateway',
    schemas: {
      row: GatewayRow,
      read: GatewayReadRequest,
      line: GatewayWriteRequest,
      key: GatewayDeleteRequest,
    },
    what: 'gateways',
    summaries: {
      Update: 'Update gateways (name, remark, station)',
    },
  });
}
