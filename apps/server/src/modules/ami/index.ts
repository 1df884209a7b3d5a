import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { createMeterDataService } from '../meter-data/index.js';
import { amiRoutes, loadProfileRoutes } from './ami.routes.js';
import { createAmiService } from './ami.service.js';
import { createLoadProfileService } from './load-profile.service.js';

export { dlmsCaptureKeeper } from './dlms-capture.js';
export { alarmsOfDlmsEvents, type DlmsEventEntry } from './dlms-events.js';
export { eventOfCode, METER_EVENTS, type MeterEvent } from './events.js';

/** The original's AMI reads: load profiles, meter event notifications, GPRS meters' online state. */
export function amiModule(deps: Deps): ServerModule {
  return {
    routes: [
      ...loadProfileRoutes(createLoadProfileService(createMeterDataService(deps))),
      ...amiRoutes(createAmiService(deps)),
    ],
  };
}
