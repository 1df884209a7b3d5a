import { DLMS_API } from '@prepay/contracts';
import { catalogueRoutes } from '../../http/catalogue-routes.js';
import type { RouteDef } from '../../http/route.js';
import type { DlmsService } from './dlms-item.service.js';

export function dlmsRoutes(service: DlmsService): RouteDef[] {
  return catalogueRoutes(service, { endpoints: DLMS_API, tag: 'DLMS', what: 'DLMS' });
}
