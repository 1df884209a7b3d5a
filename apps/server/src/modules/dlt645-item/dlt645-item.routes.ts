import {
  Dlt645DeleteRequest,
  Dlt645ReadRequest,
  Dlt645Request,
  Dlt645Row,
  Dlt645TreeNode,
  Dlt645TreeRequest,
  page,
  TASK_ROUTES,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { readDlt645, readTree } from './dlt645-item.repo.js';
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

export function dlt645Routes(deps: Deps, service: Dlt645Service): RouteDef[] {
  const { db } = deps.database;
  const rows = z.array(Dlt645Row);
  return [
    defineRoute({
      path: '/api/dlt645/read',
      permission: treePermission,
      tag,
      summary: 'List the DL/T 645 data-item catalogue',
      body: Dlt645ReadRequest,
      result: page(Dlt645Row),
      handler: (b, ctx) => readDlt645(db, b, ctx.user),
    }),
    defineRoute({
      path: '/api/dlt645/readDLT645Tree',
      permission: treePermission,
      tag,
      summary: 'Data items of one protocol version and task family, grouped, in one language',
      body: Dlt645TreeRequest,
      result: z.array(Dlt645TreeNode),
      handler: (b) => readTree(db, b),
    }),
    ...(['Create', 'Update', 'Import'] as const).map((action) =>
      defineRoute({
        path: `/api/dlt645/${action.toLowerCase()}`,
        permission,
        tag,
        summary: `${action} DL/T 645 data items (system administrators; all or nothing)`,
        body: writeBody(Dlt645Request),
        result: rows,
        handler: (b, ctx) => service.write(ctx, b, action),
      }),
    ),
    defineRoute({
      path: '/api/dlt645/delete',
      permission,
      tag,
      summary: 'Delete DL/T 645 data items',
      body: writeBody(Dlt645DeleteRequest),
      result: rows,
      handler: (b, ctx) => service.remove(ctx, b),
    }),
  ];
}
