import {
  DLT645_PATHS,
  DLT645_TREE_PATH,
  Dlt645DeleteRequest,
  Dlt645ReadRequest,
  Dlt645Request,
  Dlt645Row,
  Dlt645TreeNode,
  Dlt645TreeRequest,
  TASK_ROUTES,
} from '@prepay/contracts';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { Dlt645Service } from './dlt645-item.service.js';

const tag = 'DLT645';
/** The catalogue is part of the data dictionary (Setting → Item). */
const permission = 'Setting.Item' as const;
/** Picking a data item is part of creating a task: every task-creating role may read the tree. */
const treePermission = [
  permission,
  TASK_ROUTES.reading.createKey,
  TASK_ROUTES.setting.createKey,
  TASK_ROUTES.control.createKey,
  TASK_ROUTES.token.createKey,
] as const;

const writeSummary = (action: string) =>
  `${action} DL/T 645 data items (system administrators; all or nothing)`;

export function dlt645Routes(service: Dlt645Service): RouteDef[] {
  const tree = defineRoute({
    path: DLT645_TREE_PATH,
    permission: treePermission,
    tag,
    summary: 'Data items of one protocol version and task family, grouped, in one language',
    body: Dlt645TreeRequest,
    result: z.array(Dlt645TreeNode),
    handler: (b) => service.tree(b),
  });
  const table = tableRoutes(service, {
    paths: DLT645_PATHS,
    tag,
    permission,
    readPermission: treePermission,
    schemas: { row: Dlt645Row, read: Dlt645ReadRequest, line: Dlt645Request, key: Dlt645DeleteRequest },
    what: 'DL/T 645 data items',
    summaries: {
      Read: 'List the DL/T 645 data-item catalogue',
      Create: writeSummary('Create'),
      Import: writeSummary('Import'),
      Update: writeSummary('Update'),
    },
  });
  return [...table, tree];
}
