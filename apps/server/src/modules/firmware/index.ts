import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { firmwareRoutes } from './firmware.routes.js';
import { createFirmwareService } from './firmware.service.js';

export { createFirmwareService, type FirmwareService } from './firmware.service.js';
export {
  type FirmwareImage,
  type ImageTransferLink,
  ModelMismatch,
  modelOf,
  type TransferOutcome,
  type TransferProgress,
  transferImage,
} from './image-transfer.js';

/**
 * Firmware upgrades: images uploaded (.bin, at most 2 MB, named "<model>-<version>.bin") and per-meter
 * tasks that send them by image transfer. The head-end runs a task over a meter's DLMS association with
 * the service's runTask.
 */
export function firmwareModule(deps: Deps): ServerModule {
  return { routes: firmwareRoutes(createFirmwareService(deps)) };
}
