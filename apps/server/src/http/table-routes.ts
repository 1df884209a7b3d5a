import { page, type RoutePermission, writeBody } from '@prepay/contracts';
import { z } from 'zod';
import type { SessionUser } from '../lib/user-context.js';
import { type AuthedContext, defineRoute, type RouteDef } from './route.js';

/** The three ways rows are written to a master-data table. */
export type WriteAction = 'Create' | 'Import' | 'Update';

/** A table's endpoints, from contracts' `crudPaths`. */
export interface TablePaths {
  read: string;
  create: string;
  import: string;
  update: string;
  delete: string;
}

/** What a master-data table's service offers its routes: each takes what the wire sends. */
export interface TableService<Read, Line, Key, Row> {
  read(req: Read, user: SessionUser): Promise<{ total: number; data: Row[] }>;
  write(ctx: AuthedContext, rows: Line[], action: WriteAction): Promise<Row[]>;
  remove(ctx: AuthedContext, keys: Key[]): Promise<Row[]>;
}

/**
 * One master-data table on the wire: a paged read, create/import/update taking a batch of `line`, and
 * a delete taking a batch of `key`. Every write answers the rows as they are afterwards (a delete, as
 * they were).
 */
export interface TableRoutesDef<
  Row extends z.ZodType,
  Read extends z.ZodType,
  Line extends z.ZodType,
  Key extends z.ZodType,
> {
  paths: TablePaths;
  tag: string;
  /** Who may write and delete (and read, unless `readPermission` widens it). */
  permission: RoutePermission;
  readPermission?: RoutePermission;
  schemas: { row: Row; read: Read; line: Line; key: Key };
  /** The rows' name in the OpenAPI summaries ("gateways"): "List gateways", "Import gateways, all or nothing". */
  what: string;
  /** The summaries that say more than that default. */
  summaries?: Partial<Summaries>;
}

type Summaries = Record<WriteAction | 'Read' | 'Delete', string>;

/** Every table's import is all or nothing (one bad row saves none), so the default summary says so. */
const defaultSummaries = (what: string): Summaries => ({
  Read: `List ${what}`,
  Create: `Create ${what}`,
  Import: `Import ${what}, all or nothing`,
  Update: `Update ${what}`,
  Delete: `Delete ${what}`,
});

const WRITES = [
  ['Create', 'create'],
  ['Import', 'import'],
  ['Update', 'update'],
] as const;

/** The routes of one master-data table (see TableRoutesDef), registered like every other RouteDef. */
export function tableRoutes<
  Row extends z.ZodType,
  Read extends z.ZodType,
  Line extends z.ZodType,
  Key extends z.ZodType,
>(
  service: TableService<z.infer<Read>, z.infer<Line>, z.infer<Key>, z.infer<Row>>,
  def: TableRoutesDef<Row, Read, Line, Key>,
): RouteDef[] {
  const { paths, tag, permission, schemas } = def;
  const summaries = { ...defaultSummaries(def.what), ...def.summaries };
  const rows = z.array(schemas.row);
  return [
    defineRoute({
      path: paths.read,
      permission: def.readPermission ?? permission,
      tag,
      summary: summaries.Read,
      body: schemas.read,
      result: page(schemas.row),
      handler: (req, ctx) => service.read(req, ctx.user),
    }),
    ...WRITES.map(([action, path]) =>
      defineRoute({
        path: paths[path],
        permission,
        tag,
        summary: summaries[action],
        body: writeBody(schemas.line),
        result: rows,
        handler: (lines, ctx) => service.write(ctx, lines, action),
      }),
    ),
    defineRoute({
      path: paths.delete,
      permission,
      tag,
      summary: summaries.Delete,
      body: writeBody(schemas.key),
      result: rows,
      handler: (keys, ctx) => service.remove(ctx, keys),
    }),
  ];
}
