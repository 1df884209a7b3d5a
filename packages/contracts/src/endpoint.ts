import { z } from 'zod';
import { page, writeBody } from './common.js';
import type { RoutePermission } from './permissions.js';

/**
 * One JSON endpoint, declared once for both ends: the server registers its route from it (path,
 * body check, answer schema, permission) and the web calls it through it, so a body or an answer
 * that does not match the schemas fails to compile on either side. `request` is absent for calls
 * that take no body.
 */
export interface Endpoint<
  Req extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType = z.ZodType,
> {
  readonly path: string;
  readonly request: Req;
  readonly result: Res;
  readonly permission: RoutePermission;
}

/** Declares an endpoint; the function only fixes its schemas' types. */
export function defineEndpoint<Res extends z.ZodType, Req extends z.ZodType | undefined = undefined>(e: {
  path: string;
  request?: Req;
  result: Res;
  permission: RoutePermission;
}): Endpoint<Req, Res> {
  return { path: e.path, request: e.request as Req, result: e.result, permission: e.permission };
}

/** What a caller sends: the request schema's input (defaults may be left out). */
export type RequestOf<E extends Endpoint> = E['request'] extends z.ZodType
  ? z.input<E['request']>
  : undefined;
/** What the envelope's `result` holds on success. */
export type ResultOf<E extends Endpoint> = z.output<E['result']>;

/** The request body of calls that send nothing meaningful (the original's clients send `{}`). */
export const EmptyBody = z.object({}).passthrough();

/** The calls of one master-data table, `/api/<name>/read|create|import|update|delete`. */
export interface TableEndpoints<
  Row extends z.ZodType = z.ZodType,
  Read extends z.ZodType = z.ZodType,
  Line extends z.ZodType = z.ZodType,
  Key extends z.ZodType = z.ZodType,
> {
  read: Endpoint<Read, ReturnType<typeof page<Row>>>;
  create: Endpoint<ReturnType<typeof writeBody<Line>>, z.ZodArray<Row>>;
  /** The JSON import (all or nothing); the spreadsheet upload is a file route. */
  import: Endpoint<ReturnType<typeof writeBody<Line>>, z.ZodArray<Row>>;
  update: Endpoint<ReturnType<typeof writeBody<Line>>, z.ZodArray<Row>>;
  delete: Endpoint<ReturnType<typeof writeBody<Key>>, z.ZodArray<Row>>;
}

/** The paths of a master-data table's five calls. */
export interface TablePaths {
  read: string;
  create: string;
  import: string;
  update: string;
  delete: string;
}

/** A master-data table's schemas: its row, its read request, a write's line and a delete's key. */
export interface TableSchemas<Row = z.ZodType, Read = z.ZodType, Line = z.ZodType, Key = z.ZodType> {
  row: Row;
  read: Read;
  line: Line;
  key: Key;
}

/**
 * A master-data table: a paged read of `row` for `read`; create, import and update take a batch of
 * `line`, delete a batch of `key`, and each answers the rows written. `permission` gates the writes
 * and, unless `readPermission` widens it, the read.
 */
export function tableEndpoints<
  Row extends z.ZodType,
  Read extends z.ZodType,
  Line extends z.ZodType,
  Key extends z.ZodType,
>(
  paths: TablePaths,
  schemas: TableSchemas<Row, Read, Line, Key>,
  permission: RoutePermission,
  readPermission: RoutePermission = permission,
): TableEndpoints<Row, Read, Line, Key> {
  const rows = z.array(schemas.row);
  const write = (path: string) =>
    defineEndpoint({ path, request: writeBody(schemas.line), result: rows, permission });
  return {
    read: defineEndpoint({
      path: paths.read,
      request: schemas.read,
      result: page(schemas.row),
      permission: readPermission,
    }),
    create: write(paths.create),
    import: write(paths.import),
    update: write(paths.update),
    delete: defineEndpoint({ path: paths.delete, request: writeBody(schemas.key), result: rows, permission }),
  };
}

/**
 * A feed another system reads rather than the console: GET with a query string, answered with the
 * feed's own JSON, not the envelope. `result` is there where every answer has the same shape.
 */
export interface FeedEndpoint<Q extends z.ZodType = z.ZodType> {
  readonly path: string;
  readonly query: Q;
  readonly result?: z.ZodType;
  readonly permission: RoutePermission;
}

/** Declares a feed; the function only fixes its query's type. */
export const defineFeed = <Q extends z.ZodType>(e: FeedEndpoint<Q>): FeedEndpoint<Q> => e;

/**
 * An upload: multipart/form-data with one file in the field "file", at most `maxBytes`, answered in the
 * envelope like a JSON call, its `result` typed like one.
 */
export interface UploadEndpoint<Res extends z.ZodType = z.ZodType> {
  readonly path: string;
  readonly maxBytes: number;
  readonly result: Res;
  readonly permission: RoutePermission;
}

/** Declares an upload; the function only fixes its answer's type. */
export const defineUpload = <Res extends z.ZodType>(e: UploadEndpoint<Res>): UploadEndpoint<Res> => e;
