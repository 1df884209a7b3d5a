import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import type { AuthorizationPasswordCheck } from '../auth/index.js';
import { createChannelVending } from '../vending/index.js';
import { withAdviceLog } from './advice-log.js';
import { channelConsoleRoutes } from './channel-console.routes.js';
import { createChannelConsoleService } from './channel-console.service.js';
import { createCredentialCache, followCredentialNotices } from './credential-cache.js';
import { installPrepaidUtility } from './ppu.routes.js';
import { createPrepaidUtilityService } from './ppu.service.js';
import { vendorRoutes } from './vendor.routes.js';
import { createVendorService } from './vendor.service.js';
import { installXmlVend } from './xmlvend.routes.js';
import { createXmlVendService } from './xmlvend.service.js';

export { callerIn } from './channel-caller.js';
export { type ChannelCall, sellableMeter, uniqueState } from './channel-service.js';
export { ChannelError } from './ppu.errors.js';
export { PPU_BASE } from './ppu.operations.js';
export { PPU_DOCUMENT_PATH } from './ppu.routes.js';
export { type AlsoInSale, sellWithFloat } from './ppu.sale.js';
export { findVendor, type VendorRecord, vendorByShortCode } from './vendor.repo.js';
export { XMLVEND_PATH } from './xmlvend.routes.js';

/**
 * Vendors and their channels: the vendor table with its machine secret, float and statement (console), and
 * the channels the vendors' machines buy through: the prepaid-utility REST interface and XMLVend 2.1 over
 * SOAP. A channel sale is a vend made by the vending module's pipeline, with the float debit in its
 * transaction; both channels share the sale, reversal and confirmation steps (channel-service.ts).
 */
export function vendorModule(
  deps: Deps,
  checkAuthorizationPassword: AuthorizationPasswordCheck,
): ServerModule {
  const vendors = createVendorService(deps, checkAuthorizationPassword);
  const vending = createChannelVending(deps);
  const credentials = createCredentialCache();
  const channel = withAdviceLog(deps, createPrepaidUtilityService(deps, vending));
  const xmlVend = createXmlVendService(deps, vending, credentials);
  return {
    routes: [
      ...vendorRoutes(deps, vendors),
      ...channelConsoleRoutes(deps, createChannelConsoleService(deps)),
    ],
    install: (app) => {
      installPrepaidUtility(app, deps, channel, credentials);
      installXmlVend(app, xmlVend, () => deps.clock.now());
      // Verified secrets are kept only while the database's notices of vendor changes are heard.
      let stop: (() => Promise<void>) | undefined;
      app.addHook('onReady', async () => {
        stop = await followCredentialNotices(deps.database, credentials);
      });
      app.addHook('onClose', async () => stop?.());
    },
  };
}
