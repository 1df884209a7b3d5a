import { ROLE_API } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import { createRoleService } from './role.service.js';

export function roleRoutes(deps: Deps): RouteDef[] {
  const hidden = defineRoute({
    endpoint: ROLE_API.readDataRole,
    tag: 'Role',
    summary: 'Keys the role editor hides',
    handler: async () => ({ hiddenRole: '' }),
  });
  const table = tableRoutes(createRoleService(deps), {
    endpoints: ROLE_API,
    tag: 'Role',
    what: 'roles',
    summaries: {
      Update: 'Update roles (name, permission keys)',
      Delete: 'Delete roles no user holds',
    },
  });
  return [...table, hidden];
}
