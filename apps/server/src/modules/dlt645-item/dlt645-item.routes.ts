import { DLT645_API } from '@prepay/contracts';
import { catalogueRoutes } from '../../http/catalogue-routes.js';
import type { RouteDef } from '../../http/route.js';
import type { Dlt645Service } from './dlt645-item.service.js';

export function dlt645Routes(service: Dlt645Service): RouteDef[] {
  return catalogueRoutes(service, { endpoints: DLT645_API, tag: 'DLT645', what: 'DL/T 645' });
}
