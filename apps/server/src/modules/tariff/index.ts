import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { tariffRoutes } from './tariff.routes.js';
import { createTariffService } from './tariff.service.js';

export { type EffectiveTariff, effectiveTariff, readTariffs } from './tariff.repo.js';
export { createTariffService, type TariffService } from './tariff.service.js';

export function tariffModule(deps: Deps): ServerModule {
  return { routes: tariffRoutes(createTariffService(deps)) };
}
