import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import type { RouteDef } from '../../http/route.js';
import { dlt645Routes } from '../dlt645-item/dlt645-item.routes.js';
import { createDlt645Service } from '../dlt645-item/dlt645-item.service.js';
import { remoteTaskRoutes } from './remote-task.routes.js';
import { createRemoteTaskService } from './remote-task.service.js';
import { taskExportRoutes } from './remote-task-export.js';
import { createTaskRunner, type RunnerOptions, runnerOptions, type TaskRunner } from './task-runner.js';

/**
 * Remote operations: the DL/T 645 catalogue, the task API and — when the app has a head-end — the runner
 * that sends queued tasks to meters. Without a head-end tasks queue and wait for a process that has one.
 */
export function remoteOperations(deps: Deps, given: Partial<RunnerOptions> = {}) {
  const options = runnerOptions(process.env, given);
  let runner: TaskRunner | null = null;
  const service = createRemoteTaskService(deps, { retries: options.retries, onQueued: () => runner?.wake() });
  const routes: RouteDef[] = [
    ...dlt645Routes(createDlt645Service(deps)),
    ...remoteTaskRoutes(service),
    ...taskExportRoutes(deps),
  ];
  return {
    routes,
    options,
    /** Starts the runner once the app is ready and stops it (letting running tasks finish) on close. */
    register(app: FastifyInstance) {
      // The head-end is attached to deps after the routes are registered; by onReady it is there.
      app.addHook('onReady', async () => {
        if (!deps.headend) return;
        runner = createTaskRunner(deps.database, deps.headend, deps.clock, options, app.log);
        runner.start();
      });
      app.addHook('preClose', async () => runner?.stop());
    },
  };
}
