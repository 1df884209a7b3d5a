import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { createAccountService } from '../account/index.js';
import { createCustomerService } from '../customer/index.js';
import { createDebtService } from '../debt/index.js';
import { createGatewayService } from '../gateway/index.js';
import { createImageService } from '../image/index.js';
import { createItemService } from '../item/index.js';
import { createMeterService } from '../meter/index.js';
import { createFeederService, createTransformerService } from '../revenue-protection/index.js';
import { createTariffService } from '../tariff/index.js';
import { fileRouteDefs } from './file.routes.js';
import type { Services } from './sheets.js';

/**
 * Spreadsheets in and out for the Management (gateway, meter, customer, tariff, debt, account) and
 * Setting (item) lists, and the image files: each list's rows go through its own module's service.
 */
export function masterdataModule(deps: Deps): ServerModule {
  const services: Services = {
    gateway: createGatewayService(deps),
    meter: createMeterService(deps),
    customer: createCustomerService(deps),
    tariff: createTariffService(deps),
    debt: createDebtService(deps),
    account: createAccountService(deps),
    item: createItemService(deps),
    feeder: createFeederService(deps),
    transformer: createTransformerService(deps),
  };
  return { routes: fileRouteDefs(deps, services, createImageService(deps)) };
}
