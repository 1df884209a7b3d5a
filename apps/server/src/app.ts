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
import { frameworkErrors, installErrorHandling, installNotFound } from './http/error-handler.js';
import { installInputGuard } from './http/input-guard.js';
import { installJsonBody } from './http/json-body.js';
import { withOriginalOperation } from './http/original-operation.js';
import { registerRoutes } from './http/route.js';
import { installSecurityHeaders, swaggerGate } from './http/security-headers.js';
import type { ServerModule } from './http/server-module.js';
import { type Clock, systemClock } from './lib/clock.js';
import type { KeyVault } from './lib/key-vault.js';
import { bufferedLogDestination } from './lib/log-destination.js';
import { logSerializers } from './lib/log-redaction.js';
import { createMetrics, type Metrics } from './lib/metrics.js';
import { installReadiness } from './lib/readiness.js';
import { installRequestId, requestIdOf } from './lib/request-id.js';
import type { Sessions } from './lib/sessions.js';
import { accountModule } from './modules/account/index.js';
import { amiModule } from './modules/ami/index.js';
import { authModule, createSessionService } from './modules/auth/index.js';
import { cashUpModule } from './modules/cash-up/index.js';
import { collectionModule } from './modules/collection/index.js';
import { customerModule } from './modules/customer/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { debtModule } from './modules/debt/index.js';
import { dlmsItemModule } from './modules/dlms-item/index.js';
import { dlt645ItemModule } from './modules/dlt645-item/index.js';
import { firmwareModule } from './modules/firmware/index.js';
import { gatewayModule } from './modules/gateway/index.js';
import { imageModule } from './modules/image/index.js';
import { itemModule } from './modules/item/index.js';
import { keyCampaignModule } from './modules/key-campaign/index.js';
import { keystoreModule, openPkcs11Vault } from './modules/keystore/index.js';
import { logModule } from './modules/log/index.js';
import { masterdataModule } from './modules/masterdata/index.js';
import { meterModule } from './modules/meter/index.js';
import { meterDataModule } from './modules/meter-data/index.js';
import { mobileMoneyModule } from './modules/mobile-money/index.js';
import { prepayReportModule } from './modules/prepay-report/index.js';
import { type RunnerOptions, remoteTaskModule, taskClaimTotals } from './modules/remote-task/index.js';
import { revenueProtectionModule } from './modules/revenue-protection/index.js';
import { roleModule } from './modules/role/index.js';
import { smsModule } from './modules/sms/index.js';
import { stationModule } from './modules/station/index.js';
import { tariffModule } from './modules/tariff/index.js';
import { userModule } from './modules/user/index.js';
import { vendingModule, vendWriteTotals } from './modules/vending/index.js';
import { vendorModule } from './modules/vendor/index.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Close the database with the app (main does; tests that share one may not). */
  ownsDatabase?: boolean;
  /** Where keys live (an HSM's vault); by default the software vault sealed under the KEK. */
  keyVault?: KeyVault;
  logger?: boolean;
  /** Start the head-end (main does; tests that exercise it do). Closed with the app. */
  headend?: boolean;
  /** Task runner settings over the REMOTE_TASK_* environment (tests use short leases and timeouts). */
  remoteTasks?: Partial<RunnerOptions>;
  /** How often the key campaign's delivery sweeps, over KEY_CAMPAIGN_SWEEP_MS (tests sweep often). */
  keyCampaignSweepMs?: number;
  /** Run the meter-data collection schedule in this process (main: COLLECTION, default on). */
  collection?: boolean;
  /**
   * Where log lines go instead of stdout, buffered (the log-redaction test reads them); closed with the app
   * when it can be.
   */
  logStream?: { write(line: string): void; close?(): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RegisteredRoute[];
    deps: Deps;
    metrics: Metrics;
  }
}

/**
 * Fastify with the logger (credentials redacted; lines buffered, written out on close), limits, routing
 * options and zod schemas.
 */
function createFastify(options: BuildOptions) {
  const { config } = options;
  const logs = options.logger === false ? undefined : (options.logStream ?? bufferedLogDestination());
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Bearer tokens are credentials: never in a log line.
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Query parameters, bodies and failed queries' parameters are redacted by field.
            serializers: logSerializers,
            stream: logs,
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    genReqId: requestIdOf,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (logs?.close) app.addHook('onClose', async () => logs.close?.());
  return app;
}

/** The OpenAPI document and Swagger UI (behind a session unless SWAGGER_PUBLIC). */
async function installApiDocs(app: FastifyInstance, config: Config, sessions: Sessions) {
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
  installSecurityHeaders(app);
  await app.register(async (scope) => {
    if (!config.swaggerPublic) scope.addHook('onRequest', swaggerGate(sessions));
    await scope.register(swaggerUi, { routePrefix: '/swagger', staticCSP: true });
  });
}

/**
 * The feature modules, each through its index.ts, in the order their routes are registered. This is
 * the one place a module is added to the app; a module that needs another's running piece (the vend
 * needs auth's password check) is handed it here.
 */
function modulesOf(deps: Deps, options: BuildOptions): ServerModule[] {
  const auth = authModule(deps);
  const sms = smsModule(deps);
  return [
    auth,
    userModule(deps),
    roleModule(deps),
    stationModule(deps),
    logModule(deps),
    gatewayModule(deps),
    meterModule(deps),
    customerModule(deps),
    tariffModule(deps),
    debtModule(deps),
    accountModule(deps),
    itemModule(deps),
    imageModule(deps),
    keystoreModule(deps),
    masterdataModule(deps),
    vendingModule(deps, auth.checkAuthorizationPassword),
    dlt645ItemModule(deps),
    dlmsItemModule(deps),
    remoteTaskModule(deps, options.remoteTasks, auth.checkAuthorizationPassword),
    meterDataModule(deps),
    amiModule(deps),
    firmwareModule(deps),
    prepayReportModule(deps),
    dashboardModule(deps),
    collectionModule(deps, options.collection ?? false),
    cashUpModule(deps),
    revenueProtectionModule(deps),
    vendorModule(deps, auth.checkAuthorizationPassword),
    sms,
    mobileMoneyModule(deps, auth.checkAuthorizationPassword, sms.outbox),
    keyCampaignModule(deps, options.keyCampaignSweepMs),
  ];
}

/** Every module's endpoints in the one route table, then the hooks and background jobs they bring. */
async function registerModules(app: FastifyInstance, deps: Deps, options: BuildOptions) {
  const modules = modulesOf(deps, options);
  await registerRoutes(
    app,
    modules.flatMap((m) => m.routes),
  );
  for (const m of modules) m.install?.(app);
}

/**
 * The build's assets/ files carry a hash of their content in their names: a browser keeps them for a
 * year without asking again. Everything else (index.html, config.js, favicon) is revalidated each time,
 * so a new build is picked up at once. Without this, each full load of a page re-asked the server about
 * its ~50 chunks, six at a time.
 */
export function siteCacheControl(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Health and readiness, the built console (or a hint to build it), and the 404 for everything else. */
async function installSiteAndHealth(app: FastifyInstance, deps: Deps, withHeadEnd: boolean) {
  const { database, config } = deps;
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await database.db.execute('select 1');
    return { status: 'ok', database: database.kind };
  });
  installReadiness(app, deps, withHeadEnd);
  const index = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (res, filePath) =>
        res.setHeader('cache-control', siteCacheControl(config.webDist, filePath)),
    });
  } else {
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/plain')
        .send('The web console is not built. Run "npm run build" (npm start does it for you).'),
    );
  }
  installNotFound(app, hasWeb ? () => true : null);
}

/** KEY_VAULT=pkcs11: the token's vault, closed with the app; else none (the software vault). */
function configuredVault(app: FastifyInstance, config: Config): KeyVault | undefined {
  if (config.keyVault !== 'pkcs11' || !config.pkcs11) return undefined;
  const vault = openPkcs11Vault(config.pkcs11);
  app.addHook('onClose', async () => vault.close());
  return vault;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = createFastify(options);
  installJsonBody(app);

  const clock = options.clock ?? systemClock;
  const sessions = await createSessionService(database, config, clock);
  app.addHook('onClose', async () => sessions.close());
  const keyVault = options.keyVault ?? configuredVault(app, config);
  const deps: Deps = { database, config, clock, sessions, keyVault };
  app.decorate('deps', deps);
  app.decorate('apiRoutes', [] as RegisteredRoute[]);
  const metrics = createMetrics(deps, {
    vendWrites: () => vendWriteTotals(database),
    taskClaims: () => taskClaimTotals(database),
  });
  app.decorate('metrics', metrics);
  metrics.install(app);
  installRequestId(app);

  installErrorHandling(app);
  installInputGuard(app);
  installAuth(app, sessions, app.apiRoutes);
  await installApiDocs(app, config, sessions);
  await registerModules(app, deps, options);
  await installSiteAndHealth(app, deps, Boolean(options.headend));

  if (options.headend) {
    // On PostgreSQL several head-end processes may share the fleet: each registers the links it holds.
    const headend = await startHeadEnd(config.headend, database.db, app.log.child({ module: 'headend' }), {
      shareLinks: database.kind === 'postgres',
    });
    deps.headend = headend;
    // Before the database closes (its last state write needs it), after the task runner stopped.
    app.addHook('preClose', async () => headend.close());
  }
  if (options.ownsDatabase) app.addHook('onClose', async () => database.close());
  return app;
}
