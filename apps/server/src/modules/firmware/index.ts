import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { createDlmsLink } from '../dlms-link/index.js';
import { firmwareRoutes } from './firmware.routes.js';
import { createFirmwareService } from './firmware.service.js';
import { createFirmwareRunner } from './firmware-runner.js';

export { createFirmwareService, type FirmwareService } from './firmware.service.js';
export { createFirmwareRunner, type MeterSessions } from './firmware-runner.js';
export {
  type FirmwareImage,
  type ImageTransferLink,
  ModelMismatch,
  modelOf,
  type TransferOutcome,
  type TransferProgress,
  transferImage,
} from './image-transfer.js';

/** Associations the firmware runner keeps open at once, and how long a meter may take to answer. */
const SESSIONS = 16;
const TIMEOUT_MS = 10_000;

/**
 * Firmware upgrades: images uploaded (.bin, at most 2 MB, named "<model>-<version>.bin") and per-meter
 * tasks that send them by image transfer. When the app has a head-end, a runner sends the queued tasks over
 * each meter's DLMS association (the DLMS transport), from the start and whenever tasks are queued.
 */
export function firmwareModule(deps: Deps): ServerModule {
  let runner: ReturnType<typeof createFirmwareRunner> | null = null;
  const wake = () => void runner?.wake().catch(() => undefined);
  const service = createFirmwareService(deps, wake);
  return {
    routes: firmwareRoutes(service),
    install(app) {
      app.addHook('onReady', async () => {
        if (!deps.headend) return;
        const link = createDlmsLink(deps, { maxSessions: SESSIONS, timeoutMs: TIMEOUT_MS });
        runner = createFirmwareRunner(deps, service, link);
        wake();
      });
      app.addHook('preClose', async () => runner?.stop());
    },
  };
}
