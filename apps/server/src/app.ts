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
import { installAuth, type RegisteredRoute } from './http/auth-hook.js';
import { installErrorHandling, installNotFound } from './http/error-handler.js';
import { installJsonBody } from './http/json-body.js';
import { withOriginalOperation } from './http/original-operation.js';
import { registerRoutes } from './http/route.js';
import { type Clock, systemClock } from './lib/clock.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionService } from './modules/auth/session.service.js';
import { logRoutes } from './modules/log/log.module.js';
import { masterData } from './modules/masterdata/module.js';
import { roleRoutes } from './modules/role/role.module.js';
import { stationRoutes } from './modules/station/station.module.js';
import { userRoutes } from './modules/user/user.routes.js';
import { createUserService } from './modules/user/user.service.js';
import { createCreditService } from './modules/vending/credit.service.js';
import { createManagementTokenService } from './modules/vending/management.service.js';
import { registerPaymentsFeed } from './modules/vending/payments-feed.js';
import { registerRecordExports } from './modules/vending/record-export.js';
import { vendingRoutes } from './modules/vending/vending.routes.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Close the database with the app (main does; tests that share one may not). */
  ownsDatabase?: boolean;
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RegisteredRoute[];
    deps: Deps;
  }
}

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

  installJsonBody(app);

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
    transform: withOriginalOperation(jsonSchemaTransform),
  });
  await app.register(swaggerUi, { routePrefix: '/swagger' });

  const auth = createAuthService(deps);
  const master = masterData(deps);
  registerRoutes(app, [
    ...authRoutes(auth, deps),
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
  ]);

  await master.register(app);

  registerRecordExports(app, deps);
  registerPaymentsFeed(app, deps);

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

  if (options.ownsDatabase) app.addHook('onClose', async () => database.close());
  return app;
}
