import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { customerRoutes } from './customer.routes.js';
import { createCustomerService } from './customer.service.js';

export { readCustomers } from './customer.repo.js';
export { type CustomerService, createCustomerService } from './customer.service.js';

export function customerModule(deps: Deps): ServerModule {
  return { routes: customerRoutes(createCustomerService(deps)) };
}
