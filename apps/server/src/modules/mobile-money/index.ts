import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import type { AuthorizationPasswordCheck } from '../auth/index.js';
import type { SmsOutbox } from '../sms/index.js';
import { createChannelVending } from '../vending/index.js';
import { installC2b } from './c2b.routes.js';
import { mobilePaymentRoutes } from './mobile-payment.routes.js';
import { createMobileMoneyService } from './mobile-payment.service.js';

export { C2B_BASE } from './c2b.routes.js';

/**
 * Mobile money: a paybill's C2B validation and confirmation callbacks (Daraja's shape), each confirmed
 * payment sold through the vendor channel's sale pipeline with its token sent by SMS, and the queue of
 * payments an operator resolves.
 */
export function mobileMoneyModule(
  deps: Deps,
  check: AuthorizationPasswordCheck,
  outbox: SmsOutbox,
): ServerModule {
  const service = createMobileMoneyService(deps, { vending: createChannelVending(deps), outbox, check });
  return {
    routes: mobilePaymentRoutes(deps, service),
    install: (app) => installC2b(app, deps, service),
  };
}
