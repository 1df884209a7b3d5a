import { DLT645_API, TASK_ROUTES } from '@prepay/contracts';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import type { Dlt645Service } from './dlt645-item.service.js';

const tag = 'DLT645';
/** The catalogue is part of the data dictionary (Setting → Item). */
const permission = 'Setting.Item' as const;
/** Picking a data item is part of creating a task: every task-creating role may read the tree. */
const _treePermission = [
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
    endpoint: DLT645_API.tree,
    tag,
    summary: 'Data items of one protocol version and task family, grouped, in one language',
    handler: (b) => service.tree(b),
  });
  const table = tableRoutes(service, {
    endpoints: DLT645_API,
    tag,
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
