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
    summaries: {
      Read: 'List gateways',
      Create: 'Create gateways',
      Import: 'Import gateways, all or nothing',
      Update: 'Update gateways (name, remark, station)',
      Delete: 'Delete gateways',
    },
  });
}
