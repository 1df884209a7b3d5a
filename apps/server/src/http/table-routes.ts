import type { TableEndpoints } from '@prepay/contracts';
import type { z } from 'zod';
import type { SessionUser } from '../lib/user-context.js';
import { type AuthedContext, defineRoute, type RouteDef } from './route.js';

/** The three ways rows are written to a master-data table. */
export type WriteAction = 'Create' | 'Import' | 'Update';

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
  /** From contracts: paths, schemas and permissions of the five calls. */
  endpoints: TableEndpoints<Row, Read, Line, Key>;
  tag: string;
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
  const { endpoints, tag } = def;
  const summaries = { ...defaultSummaries(def.what), ...def.summaries };
  return [
    defineRoute({
      endpoint: endpoints.read,
      tag,
      summary: summaries.Read,
      handler: (req, ctx) => service.read(req, ctx.user),
    }),
    ...WRITES.map(([action, call]) =>
      defineRoute({
        endpoint: endpoints[call],
        tag,
        summary: summaries[action],
        handler: (lines, ctx) => service.write(ctx, lines, action),
      }),
    ),
    defineRoute({
      endpoint: endpoints.delete,
      tag,
      summary: summaries.Delete,
      handler: (keys, ctx) => service.remove(ctx, keys),
    }),
  ];
}
