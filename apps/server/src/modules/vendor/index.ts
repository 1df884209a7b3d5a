import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import type { AuthorizationPasswordCheck } from '../auth/index.js';
import { createChannelVending } from '../vending/index.js';
import { installPrepaidUtility } from './ppu.routes.js';
import { createPrepaidUtilityService } from './ppu.service.js';
import { vendorRoutes } from './vendor.routes.js';
import { createVendorService } from './vendor.service.js';

export { callerIn } from './channel-caller.js';
export { ChannelError } from './ppu.errors.js';
export { PPU_BASE } from './ppu.operations.js';
export { PPU_DOCUMENT_PATH } from './ppu.routes.js';
export { type AlsoInSale, sellWithFloat } from './ppu.sale.js';
export { type ChannelCall, sellableMeter, uniqueState } from './ppu.service.js';
export { findVendor, type VendorRecord, vendorByShortCode } from './vendor.repo.js';

/**
 * Vendors and their channels: the vendor table with its machine secret, float and statement (console), and
 * the prepaid-utility REST channel the vendors' machines buy through. A channel sale is a vend made by the
 * vending module's pipeline, with the float debit in its transaction.
 */
export function vendorModule(
  deps: Deps,
  checkAuthorizationPassword: AuthorizationPasswordCheck,
): ServerModule {
  const vendors = createVendorService(deps, checkAuthorizationPassword);
  const channel = createPrepaidUtilityService(deps, createChannelVending(deps));
  return {
    routes: vendorRoutes(deps, vendors),
    install: (app) => installPrepaidUtility(app, deps, channel),
  };
}
