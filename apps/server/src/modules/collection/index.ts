import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { createRemoteTaskService, runnerOptions } from '../remote-task/index.js';
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
 * limits and records); the runner finds them on its next poll. `run`: sweep on a timer in this process
 * (main: when COLLECTION is on and the head-end runs).
 */
export function collectionModule(deps: Deps, run: boolean): ServerModule {
  const tasks = createRemoteTaskService(deps, {
    retries: runnerOptions(process.env).retries,
    onQueued: () => {},
  });
  const scheduler = createCollectionScheduler(deps, tasks);
  let started = false;
  const service = createCollectionService(deps, () => {
    if (started) void scheduler.tick().catch(() => undefined);
  });
  return {
    routes: collectionRoutes(service),
    install(app) {
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
