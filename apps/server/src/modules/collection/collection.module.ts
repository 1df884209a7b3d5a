import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import type { RouteDef } from '../../http/route.js';
import { createRemoteTaskService } from '../remote-task/remote-task.service.js';
import { runnerOptions } from '../remote-task/task-runner.js';
import { collectionRoutes } from './collection.routes.js';
import { type CollectionScheduler, createCollectionScheduler } from './collection.scheduler.js';
import { createCollectionService } from './collection.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The meter-data collection schedule (started with the app when it runs the head-end). */
    collection: CollectionScheduler;
  }
}

/**
 * Meter-data collection: reading tasks go through the task service like an operator's (same queue,
 * limits and records); the runner finds them on its next poll.
 */
export function collection(deps: Deps) {
  const tasks = createRemoteTaskService(deps, {
    retries: runnerOptions(process.env).retries,
    onQueued: () => {},
  });
  const scheduler = createCollectionScheduler(deps, tasks);
  let started = false;
  const service = createCollectionService(deps, () => {
    if (started) void scheduler.tick().catch(() => undefined);
  });
  const routes: RouteDef[] = collectionRoutes(service);
  return {
    routes,
    scheduler,
    /** `run`: sweep on a timer in this process (main: when COLLECTION is on and the head-end runs). */
    register(app: FastifyInstance, run: boolean) {
      app.decorate('collection', scheduler);
      if (!run) return;
      app.addHook('onReady', async () => {
        started = true;
        scheduler.start(app.log.child({ module: 'collection' }));
      });
      app.addHook('preClose', async () => {
        started = false;
        await scheduler.stop();
      });
    },
  };
}
