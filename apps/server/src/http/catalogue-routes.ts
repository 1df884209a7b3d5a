import type { Dlt645TreeNode, Endpoint, TableEndpoints } from '@prepay/contracts';
import type { z } from 'zod';
import { defineRoute, type RouteDef } from './route.js';
import { type TableService, tableRoutes } from './table-routes.js';

/**
 * A data-item catalogue on the wire (DL/T 645, DLMS): its table and the tree the task dialogs pick
 * an item from. `what` names it in the summaries ("DL/T 645").
 */
export function catalogueRoutes<
  Row extends z.ZodType,
  Read extends z.ZodType,
  Line extends z.ZodType,
  Key extends z.ZodType,
  Tree extends z.ZodType,
>(
  service: TableService<z.infer<Read>, z.infer<Line>, z.infer<Key>, z.infer<Row>> & {
    tree(req: z.infer<Tree>): Promise<Dlt645TreeNode[]>;
  },
  def: {
    endpoints: TableEndpoints<Row, Read, Line, Key> & { tree: Endpoint<Tree, z.ZodType<Dlt645TreeNode[]>> };
    tag: string;
    what: string;
  },
): RouteDef[] {
  const writeSummary = (action: string) =>
    `${action} ${def.what} data items (system administrators; all or nothing)`;
  const tree = defineRoute({
    endpoint: def.endpoints.tree,
    tag: def.tag,
    summary: `${def.what} data items of one protocol version and task family, grouped, in one language`,
    handler: (b) => service.tree(b),
  });
  const table = tableRoutes(service, {
    endpoints: def.endpoints,
    tag: def.tag,
    what: `${def.what} data items`,
    summaries: {
      Read: `List the ${def.what} data-item catalogue`,
      Create: writeSummary('Create'),
      Import: writeSummary('Import'),
      Update: writeSummary('Update'),
    },
  });
  return [...table, tree];
}
