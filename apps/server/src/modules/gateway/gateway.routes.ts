import { GATEWAY_API } from '@prepay/contracts';
import type { RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { GatewayService } from './gateway.service.js';

export function gatewayRoutes(gateways: GatewayService): RouteDef[] {
  return tableRoutes(gateways, {
    endpoints: GATEWAY_API,
    tag: 'Gateway',
    what: 'gateways',
    summaries: {
      Update: 'Update gateways (name, remark, station)',
    },
  });
}
