import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { dlmsCaptureKeeper } from '../ami/index.js';
import { createDlmsLink } from '../dlms-link/index.js';
import { gprsTaskRoutes } from './gprs-task.routes.js';
import { remoteTaskRoutes } from './remote-task.routes.js';
import { createRemoteTaskService } from './remote-task.service.js';
import { taskExportRoutes } from './remote-task-export.js';
import type { PasswordCheck } from './supply-guard.js';
import { createTaskRunner, type RunnerOptions, runnerOptions, type TaskRunner } from './task-runner.js';

export { loadTasks, type TaskRecord } from './remote-task.repo.js';
export {
  COLLECTION_PRIORITY,
  createRemoteTaskService,
  type RemoteTaskService,
} from './remote-task.service.js';
export { type ClaimTotals, type RunnerOptions, runnerOptions, taskClaimTotals } from './task-runner.js';

/**
 * Remote operations: the task API and — when the app has a head-end — the runner that sends queued
 * tasks to meters. Without a head-end tasks queue and wait for a process that has one. `authorize` checks
 * the authorization password a task that cuts supply carries (auth's check).
 */
export function remoteTaskModule(
  deps: Deps,
  given: Partial<RunnerOptions> = {},
  authorize?: PasswordCheck,
): ServerModule {
  const options = runnerOptions(process.env, given);
  let runner: TaskRunner | null = null;
  const service = createRemoteTaskService(deps, {
    retries: options.retries,
    onQueued: () => runner?.wake(),
    authorize,
  });
  return {
    routes: [...remoteTaskRoutes(service), ...gprsTaskRoutes(service), ...taskExportRoutes(deps)],
    /** Starts the runner once the app is ready and stops it (letting running tasks finish) on close. */
    install(app) {
      // The head-end is attached to deps after the routes are registered; by onReady it is there.
      app.addHook('onReady', async () => {
        if (!deps.headend) return;
        // DLMS meters are reached by connecting to them: every head-end process can.
        const dlms = createDlmsLink(deps, {
          maxSessions: options.dlmsSessions,
          timeoutMs: options.timeoutMs || 10_000,
          // A load profile read lands in the interval tables, an event log read in the alarms.
          keep: dlmsCaptureKeeper(deps),
        });
        runner = createTaskRunner(deps.database, deps.headend, deps.clock, options, app.log, dlms);
        runner.start();
      });
      app.addHook('preClose', async () => runner?.stop());
    },
  };
}
