import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { meterRoutes } from './meter.routes.js';
import { createMeterService } from './meter.service.js';

export { loadMeters, readMeters, toMeterRow } from './meter.repo.js';
export { createMeterService, type MeterService, meterPanOf } from './meter.service.js';
export { dlmsSecretContext } from './meter-dlms.js';

export function meterModule(deps: Deps): ServerModule {
  return { routes: meterRoutes(createMeterService(deps)) };
}
