import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Deps } from './deps.js';
import { startHeadEnd } from './headend/head-end.js';
import { installAuth, type RegisteredRoute } from './http/auth-hook.js';
import { installErrorHandling, installNotFound } from './http/error-handler.js';
import { registerRoutes } from './http/route.js';
import { type Clock, systemClock } from './lib/clock.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionService } from './modules/auth/session.service.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { logRoutes } from './modules/log/log.module.js';
import { masterData } from './modules/masterdata/module.js';
import { meterDataRoutes, registerMeterDataExtras } from './modules/meter-data/meter-data.routes.js';
import {
  prepayReportRoutes,
  registerPrepayReportExports,
} from './modules/prepay-report/prepay-report.routes.js';
import { remoteOperations } from './modules/remote-task/remote-task.module.js';
import type { RunnerOptions } from './modules/remote-task/task-runner.js';
import { roleRoutes } from './modules/role/role.module.js';
import { stationRoutes } from './modules/station/station.module.js';
import { userRoutes } from './modules/user/user.routes.js';
import { createUserService } from './modules/user/user.service.js';
import { createCreditService } from './modules/vending/credit.service.js';
import { createManagementTokenService } from './modules/vending/management.service.js';
import { registerRecordExports } from './modules/vending/record-export.js';
import { vendingRoutes } from './modules/vending/vending.routes.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Close the database with the app (main does; tests that share one may not). */
  ownsDatabase?: boolean;
  logger?: boolean;
  /** Start the head-end (main does; tests that exercise it do). Closed with the app. */
  headend?: boolean;
  /** Task runner settings over the REMOTE_TASK_* environment (tests use short leases and timeouts). */
  remoteTasks?: Partial<RunnerOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RegisteredRoute[];
    deps: Deps;
  }
}

// The original accepted application/json, text/json and application/*+json.
const JSON_TYPES = /^(application\/json|text\/json|application\/[\w.+-]+\+json)$/i;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Bearer tokens are credentials: never in a log line.
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // One JSON parser for the content types the original accepted; an empty body reads as "no body".
  app.removeContentTypeParser('application/json');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (request, raw, done) => {
    const text = String(raw);
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (err, value) => {
      if (err) return done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400 }), undefined);
      done(null, value);
    });
  });
  // A POST without a body reads as {}: reads with only defaults may be sent bare.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
  });

  const clock = options.clock ?? systemClock;
  const sessions = await createSessionService(database.db, config, clock);
  const deps: Deps = { database, config, clock, sessions };
  app.decorate('deps', deps);
  app.decorate('apiRoutes', [] as RegisteredRoute[]);

  installErrorHandling(app);
  installAuth(app, sessions, app.apiRoutes);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Prepayment System API',
        version: '1',
        description:
          'All operations are POST + JSON and answer {code, reason, message, result}; code 0 is success.',
      },
      components: { securitySchemes: { Bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/swagger' });

  const auth = createAuthService(deps);
  const master = masterData(deps);
  const remote = remoteOperations(deps, options.remoteTasks);
  registerRoutes(app, [
    ...authRoutes(auth),
    ...userRoutes(deps, createUserService(deps)),
    ...roleRoutes(deps),
    ...stationRoutes(deps),
    ...logRoutes(deps),
    ...master.routes,
    ...vendingRoutes(
      deps,
      createCreditService(deps, auth.checkAuthorizationPassword),
      createManagementTokenService(deps, auth.checkAuthorizationPassword),
    ),
    ...remote.routes,
    ...meterDataRoutes(deps),
    ...prepayReportRoutes(deps),
    ...dashboardRoutes(deps),
  ]);
  remote.register(app);

  await master.register(app);

  registerRecordExports(app, deps);
  registerMeterDataExtras(app, deps);
  registerPrepayReportExports(app, deps);

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await database.db.execute('select 1');
    return { status: 'ok', database: database.kind };
  });

  const index = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: ['index.html'] });
  } else {
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/plain')
        .send('The web console is not built. Run "npm run build" (npm start does it for you).'),
    );
  }
  installNotFound(app, hasWeb ? () => true : null);

  if (options.headend) {
    const headend = await startHeadEnd(config.headend, database.db, app.log.child({ module: 'headend' }));
    deps.headend = headend;
    // Before the database closes (its last state write needs it), after the task runner stopped.
    app.addHook('preClose', async () => headend.close());
  }
  if (options.ownsDatabase) app.addHook('onClose', async () => database.close());
  return app;
}
