import { page, type RoutePermission, writeBody } from '@prepay/contracts';
import { z } from 'zod';
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

type Page<Row extends z.ZodType> = { total: number; data: z.infer<Row>[] };

/**
 * One master-data table on the wire: a paged read, create/import/update taking a batch of one line
 * schema, and a delete taking a batch of keys. Every write answers the rows as they are afterwards
 * (a delete, as they were).
 */
export interface TableRoutesDef<
  Row extends z.ZodType,
  Read extends z.ZodType,
  Line extends z.ZodType,
  Key extends z.ZodType,
> {
  paths: TablePaths;
  tag: string;
  /** Who may write and delete (and read, unless `read.permission` widens it). */
  permission: RoutePermission;
  row: Row;
  read: {
    permission?: RoutePermission;
    summary: string;
    body: Read;
    handler: (body: z.infer<Read>, ctx: AuthedContext) => Promise<Page<Row>>;
  };
  write: {
    line: Line;
    summaries: Record<WriteAction, string>;
    handler: (rows: z.infer<Line>[], ctx: AuthedContext, action: WriteAction) => Promise<z.infer<Row>[]>;
  };
  remove: {
    key: Key;
    summary: string;
    handler: (keys: z.infer<Key>[], ctx: AuthedContext) => Promise<z.infer<Row>[]>;
  };
}

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
>(def: TableRoutesDef<Row, Read, Line, Key>): RouteDef[] {
  const { paths, tag, permission } = def;
  const rows = z.array(def.row);
  return [
    defineRoute({
      path: paths.read,
      permission: def.read.permission ?? permission,
      tag,
      summary: def.read.summary,
      body: def.read.body,
      result: page(def.row),
      handler: def.read.handler,
    }),
    ...WRITES.map(([action, path]) =>
      defineRoute({
        path: paths[path],
        permission,
        tag,
        summary: def.write.summaries[action],
        body: writeBody(def.write.line),
        result: rows,
        handler: (b, ctx) => def.write.handler(b, ctx, action),
      }),
    ),
    defineRoute({
      path: paths.delete,
      permission,
      tag,
      summary: def.remove.summary,
      body: writeBody(def.remove.key),
      result: rows,
      handler: def.remove.handler,
    }),
  ];
}
