import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import type { AuthorizationPasswordCheck } from '../auth/index.js';
import { createChannelVending } from '../vending/index.js';
import { withAdviceLog } from './advice-log.js';
import { channelConsoleRoutes } from './channel-console.routes.js';
import { createChannelConsoleService } from './channel-console.service.js';
import { installPrepaidUtility } from './ppu.routes.js';
import { createPrepaidUtilityService } from './ppu.service.js';
import { vendorRoutes } from './vendor.routes.js';
import { createVendorService } from './vendor.service.js';

export { PPU_BASE } from './ppu.operations.js';
export { PPU_DOCUMENT_PATH } from './ppu.routes.js';

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
  const channel = withAdviceLog(deps, createPrepaidUtilityService(deps, createChannelVending(deps)));
  return {
    routes: [
      ...vendorRoutes(deps, vendors),
      ...channelConsoleRoutes(deps, createChannelConsoleService(deps)),
    ],
    install: (app) => installPrepaidUtility(app, deps, channel),
  };
}
