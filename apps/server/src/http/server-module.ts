import type { FastifyInstance } from 'fastify';
import type { RouteDef } from './route.js';

/**
 * A feature module as the app sees it. Each module's index.ts makes one and app.ts lists them, once:
 * the routes go into the one route table, and `install` (when the module brings hooks or background
 * jobs, such as a scheduler started on ready and stopped on close) runs once every route is registered.
 */
export interface ServerModule {
  routes: RouteDef[];
  install?(app: FastifyInstance): void;
}
