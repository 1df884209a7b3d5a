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
  return [
    ...tableRoutes({
      paths: DLT645_PATHS,
      tag,
      permission,
      row: Dlt645Row,
      read: {
        permission: treePermission,
        summary: 'List the DL/T 645 data-item catalogue',
        body: Dlt645ReadRequest,
        handler: (b, ctx) => service.read(b, ctx.user),
      },
      write: {
        line: Dlt645Request,
        summaries: {
          Create: writeSummary('Create'),
          Import: writeSummary('Import'),
          Update: writeSummary('Update'),
        },
        handler: (b, ctx, action) => service.write(ctx, b, action),
      },
      remove: {
        key: Dlt645DeleteRequest,
        summary: 'Delete DL/T 645 data items',
        handler: (b, ctx) => service.remove(ctx, b),
      },
    }),
    defineRoute({
      path: DLT645_TREE_PATH,
      permission: treePermission,
      tag,
      summary: 'Data items of one protocol version and task family, grouped, in one language',
      body: Dlt645TreeRequest,
      result: z.array(Dlt645TreeNode),
      handler: (b) => service.tree(b),
    }),
  ];
}
