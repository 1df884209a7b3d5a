import type { Deps } from '../../deps.js';
import type { RouteDef } from '../../http/route.js';
import { accountRoutes } from '../account/account.routes.js';
import { createAccountService } from '../account/account.service.js';
import { customerRoutes } from '../customer/customer.routes.js';
import { createCustomerService } from '../customer/customer.service.js';
import { debtRoutes } from '../debt/debt.routes.js';
import { createDebtService } from '../debt/debt.service.js';
import { gatewayRoutes } from '../gateway/gateway.routes.js';
import { createGatewayService } from '../gateway/gateway.service.js';
import { imageRoutes } from '../image/image.routes.js';
import { createImageService } from '../image/image.service.js';
import { itemRoutes } from '../item/item.routes.js';
import { createItemService } from '../item/item.service.js';
import { keyStoreRoutes } from '../keystore/keystore.routes.js';
import { createKeyStoreService } from '../keystore/keystore.service.js';
import { meterRoutes } from '../meter/meter.routes.js';
import { createMeterService } from '../meter/meter.service.js';
import { tariffRoutes } from '../tariff/tariff.routes.js';
import { createTariffService } from '../tariff/tariff.service.js';
import { fileRouteDefs } from './file.routes.js';
import type { Services } from './sheets.js';

/**
 * Management (gateway, meter, customer, tariff, debt, account) and Setting (item, image) master data,
 * the key store and the spreadsheet/image endpoints, all as RouteDefs for registerRoutes.
 */
export function masterData(deps: Deps) {
  const services: Services = {
    gateway: createGatewayService(deps),
    meter: createMeterService(deps),
    customer: createCustomerService(deps),
    tariff: createTariffService(deps),
    debt: createDebtService(deps),
    account: createAccountService(deps),
    item: createItemService(deps),
  };
  const images = createImageService(deps);
  const routes: RouteDef[] = [
    ...gatewayRoutes(services.gateway),
    ...meterRoutes(services.meter),
    ...customerRoutes(services.customer),
    ...tariffRoutes(services.tariff),
    ...debtRoutes(services.debt),
    ...accountRoutes(services.account),
    ...itemRoutes(services.item),
    ...imageRoutes(images),
    ...keyStoreRoutes(createKeyStoreService(deps)),
    ...fileRouteDefs(deps, services, images),
  ];
  return { services, routes };
}
