import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import type { AuthorizationPasswordCheck } from '../auth/index.js';
import { createChannelVending } from '../vending/index.js';
import { createCredentialCache, followCredentialNotices } from './credential-cache.js';
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
  const channel = createPrepaidUtilityService(deps, createChannelVending(deps));
  const credentials = createCredentialCache();
  return {
    routes: vendorRoutes(deps, vendors),
    install: (app) => {
      installPrepaidUtility(app, deps, channel, credentials);
      // Verified secrets are kept only while the database's notices of vendor changes are heard.
      let stop: (() => Promise<void>) | undefined;
      app.addHook('onReady', async () => {
        stop = await followCredentialNotices(deps.database, credentials);
      });
      app.addHook('onClose', async () => stop?.());
    },
  };
}
