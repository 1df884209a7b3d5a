import multipart from '@fastify/multipart';
import {
  type Endpoint,
  envelope,
  type FeedEndpoint,
  type RoutePermission,
  type UploadEndpoint,
} from '@prepay/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { invalid, refuse, tooLarge } from '../lib/domain-errors.js';
import type { Actor, SessionUser } from '../lib/user-context.js';
import { plainIssues } from './plain-issues.js';
import { inReaderLanguage, readerLanguageOf } from './reader-text.js';

export type { SessionUser } from '../lib/user-context.js';

/** What a handler knows about its request: the user (absent on public routes) and who to audit. */
export interface RequestContext {
  user: SessionUser | null;
  actor: Actor;
  request: FastifyRequest;
  /** The reply of a JSON route (login, role switch and logout set or clear the session cookie). */
  reply: FastifyReply | null;
}

/** A signed-in request; handlers of non-public routes receive this. */
export interface AuthedContext extends RequestContext {
  user: SessionUser;
}

interface RouteBase {
  /** From contracts (paths are never spelled out in a module). */
  path: string;
  /** The permission key the role must hold — mandatory, the server refuses to start without it. */
  permission: RoutePermission;
  summary: string;
  tag: string;
}

/** The common endpoint: POST + JSON in, the envelope out. */
export interface JsonRouteDef<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType>
  extends RouteBase {
  kind?: 'json';
  body?: B;
  result: R;
  handler: (body: z.infer<B>, ctx: AuthedContext) => Promise<z.infer<R>>;
}

/** One uploaded file (multipart field "file"). */
export interface UploadedFile {
  name: string;
  buf: Buffer;
}

export interface FileInput<B> {
  body: B;
  /** The uploaded file on an `upload` route, else null. */
  file: UploadedFile | null;
  request: FastifyRequest;
}

/**
 * An endpoint whose answer or request is a file: a streamed .xlsx export or template, an image, a
 * spreadsheet import or image upload (multipart). The handler answers through `reply`, or returns the
 * result to wrap in the envelope (imports and uploads answer JSON like every other endpoint).
 */
export interface FileRouteDef<B extends z.ZodType = z.ZodType> extends RouteBase {
  kind: 'file';
  method?: 'POST' | 'GET';
  /** The JSON body, checked here with the same 400 answer as JSON routes. */
  body?: B;
  /** Fields that overwrite what the client sent before the check (an export reads every page). */
  fixedBody?: Record<string, unknown>;
  /** Takes one uploaded file of at most `maxBytes`; `what` names it in the refusal. */
  upload?: { maxBytes: number; what: string };
  handler: (input: FileInput<z.infer<B>>, ctx: AuthedContext, reply: FastifyReply) => Promise<unknown>;
}

/**
 * A feed another system reads rather than the console (the original's payments and hourly feeds): GET
 * with a query string, answered with the feed's own JSON, not the envelope.
 */
export interface FeedRouteDef<Q extends z.ZodType = z.ZodType> extends RouteBase {
  kind: 'feed';
  query: Q;
  /** The answer's schema, where every answer has the same shape. */
  result?: z.ZodType;
  handler: (query: z.infer<Q>, ctx: AuthedContext, reply: FastifyReply) => Promise<unknown>;
}

export type RouteDef = JsonRouteDef | FileRouteDef | FeedRouteDef;

/** The body a handler receives: the endpoint's request after its check (never when it takes none). */
export type BodyOf<E extends Endpoint> = z.output<NonNullable<E['request']>>;
/** What a handler answers: the endpoint's result. */
export type AnswerOf<E extends Endpoint> = z.infer<E['result']>;

/** A JSON route: the endpoint from contracts (path, body, answer, permission), and what the server adds. */
export interface JsonRouteSpec<E extends Endpoint> {
  endpoint: E;
  summary: string;
  tag: string;
  handler: (body: BodyOf<E>, ctx: AuthedContext) => Promise<AnswerOf<E>>;
}

/**
 * A route made from its contracts endpoint. The body reaching the handler has passed the endpoint's
 * request schema (Fastify validates it before the handler runs), which is what lets the registry hold
 * every route as one type.
 */
export function defineRoute<E extends Endpoint>(spec: JsonRouteSpec<E>): RouteDef {
  const { endpoint, summary, tag } = spec;
  return {
    path: endpoint.path,
    permission: endpoint.permission,
    summary,
    tag,
    ...(endpoint.request ? { body: endpoint.request } : {}),
    result: endpoint.result,
    handler: (body, ctx) => spec.handler(body as BodyOf<E>, ctx),
  };
}

/**
 * The routes of a module whose calls share one tag (the module's rows, answered again after each
 * write): each call then names only its endpoint, summary and step.
 */
export function routeGroup(shared: { tag: string }) {
  return <E extends Endpoint>(endpoint: E, summary: string, handler: JsonRouteSpec<E>['handler']): RouteDef =>
    defineRoute({ ...shared, endpoint, summary, handler });
}

/** The keys a delete request names (each line of its body carries one). */
export const keysOf = <T, K extends keyof T>(rows: T[], key: K): T[K][] => rows.map((r) => r[key]);

/** A typed file endpoint for the registry; its body has passed `def.body` in registerFile. */
export function defineFileRoute<B extends z.ZodType>(def: FileRouteDef<B>): RouteDef {
  const erased: FileRouteDef = {
    ...def,
    handler: (input, ctx, reply) => def.handler({ ...input, body: input.body as z.infer<B> }, ctx, reply),
  };
  return erased;
}

/** A feed's route: its endpoint from contracts (path, query, answer, permission) and what the server adds. */
export interface FeedRouteSpec<Q extends z.ZodType> {
  endpoint: FeedEndpoint<Q>;
  summary: string;
  tag: string;
  handler: FeedRouteDef<Q>['handler'];
}

/** A feed route made from its endpoint; its query has passed the endpoint's (Fastify checks it). */
export function defineFeedRoute<Q extends z.ZodType>(spec: FeedRouteSpec<Q>): RouteDef {
  const { endpoint, summary, tag } = spec;
  const erased: FeedRouteDef = {
    kind: 'feed',
    path: endpoint.path,
    permission: endpoint.permission,
    summary,
    tag,
    query: endpoint.query,
    ...(endpoint.result ? { result: endpoint.result } : {}),
    handler: (query, ctx, reply) => spec.handler(query as z.infer<Q>, ctx, reply),
  };
  return erased;
}

/** An upload's route: its endpoint from contracts and what the server adds (`what` names the file). */
export interface UploadRouteSpec<Res extends z.ZodType> {
  endpoint: UploadEndpoint<Res>;
  summary: string;
  tag: string;
  what: string;
  handler: (file: UploadedFile, ctx: AuthedContext, request: FastifyRequest) => Promise<z.infer<Res>>;
}

/** An upload route made from its endpoint: one file of at most the endpoint's size, the answer enveloped. */
export function defineUploadRoute<Res extends z.ZodType>(spec: UploadRouteSpec<Res>): RouteDef {
  const { endpoint, summary, tag, what } = spec;
  return defineFileRoute({
    kind: 'file',
    path: endpoint.path,
    permission: endpoint.permission,
    summary,
    tag,
    upload: { maxBytes: endpoint.maxBytes, what },
    handler: async ({ file, request }, ctx) => {
      if (!file) throw refuse('No file was sent (field "file")');
      return spec.handler(file, ctx, request);
    },
  });
}

export function contextOf(request: FastifyRequest, reply: FastifyReply | null = null): AuthedContext {
  const user = request.sessionUser;
  return {
    user: user as SessionUser,
    actor: { userId: user?.userId ?? null, stationId: user?.stationId ?? null, ipAddress: request.ip },
    request,
    reply,
  };
}

const envelopeOf = (result: unknown) => ({ code: 0, reason: 'success', message: 'success', result });

/** Parses a body against its schema; the refusal has the shape of Fastify's validation answer. */
export function parseBody<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }));
  // Users read the reason: plain sentences naming the line and the field (the paths stay in errors).
  throw invalid(`Not accepted. ${plainIssues(parsed.error.issues).join('; ')}`, errors);
}

/** One uploaded file (field "file"), at most `max` bytes; a clear refusal for anything else. */
async function uploadedFile(request: FastifyRequest, max: number, what: string): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw refuse('Send the file as multipart/form-data in a field named "file"');
  }
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: max, files: 1, fields: 10 } });
  } catch {
    throw refuse('The upload could not be read: send one file as multipart/form-data');
  }
  if (!part) throw refuse('No file was sent (field "file")');
  try {
    return { name: part.filename ?? '', buf: await part.toBuffer() };
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(`The ${what} is larger than ${max / 1024 / 1024} MB`);
    }
    throw refuse('The upload could not be read');
  }
}

const schemaOf = (def: RouteBase) => ({
  tags: [def.tag],
  summary: def.summary,
  ...(def.permission === 'public' ? {} : { security: [{ Bearer: [] }] }),
});

function registerJson(app: FastifyInstance, def: JsonRouteDef) {
  app.withTypeProvider<ZodTypeProvider>().post(
    def.path,
    {
      schema: {
        ...schemaOf(def),
        ...(def.body ? { body: def.body } : {}),
        response: { 200: envelope(def.result) },
      },
      config: { permission: def.permission },
    },
    async (request, reply) =>
      envelopeOf(
        inReaderLanguage(
          await def.handler(request.body, contextOf(request, reply)),
          readerLanguageOf(request),
        ),
      ),
  );
}

function registerFile(app: FastifyInstance, def: FileRouteDef) {
  app.route({
    method: def.method ?? 'POST',
    url: def.path,
    schema: schemaOf(def),
    config: { permission: def.permission },
    handler: async (request, reply) => {
      const ctx = contextOf(request, reply);
      const raw = { ...((request.body as object | undefined) ?? {}), ...def.fixedBody };
      const body = def.body ? parseBody(def.body, raw) : undefined;
      const file = def.upload ? await uploadedFile(request, def.upload.maxBytes, def.upload.what) : null;
      const answer = await def.handler({ body, file, request }, ctx, reply);
      return reply.sent || answer === reply ? answer : envelopeOf(answer);
    },
  });
}

function registerFeed(app: FastifyInstance, def: FeedRouteDef) {
  app.withTypeProvider<ZodTypeProvider>().get(
    def.path,
    {
      schema: {
        ...schemaOf(def),
        querystring: def.query,
        ...(def.result ? { response: { 200: def.result } } : {}),
      },
      config: { permission: def.permission },
    },
    async (request, reply) => def.handler(request.query, contextOf(request, reply), reply),
  );
}

/**
 * The one way to register an endpoint: every /api path, its schemas
 * and its permission key come from a RouteDef. Uploads sit in their own scope, the only one that
 * accepts multipart.
 */
export async function registerRoutes(app: FastifyInstance, defs: RouteDef[]): Promise<void> {
  const uploads: FileRouteDef[] = [];
  for (const def of defs) {
    if (def.kind === 'file') {
      if (def.upload) uploads.push(def);
      else registerFile(app, def);
    } else if (def.kind === 'feed') registerFeed(app, def);
    else registerJson(app, def);
  }
  if (uploads.length === 0) return;
  const maxBytes = Math.max(...uploads.map((d) => d.upload?.maxBytes ?? 0));
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });
    for (const def of uploads) registerFile(scope, def);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
}
