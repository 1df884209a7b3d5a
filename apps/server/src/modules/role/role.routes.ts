import {
  ROLE_PATHS,
  RoleData,
  RoleDeleteRequest,
  RoleReadRequest,
  RoleRequest,
  RoleRow,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import { createRoleService } from './role.service.js';

export function roleRoutes(deps: Deps): RouteDef[] {
  const hidden = defineRoute({
    path: ROLE_PATHS.readDataRole,
    permission: 'Setting.Role',
    tag: 'Role',
    summary: 'Keys the role editor hides',
    body: RoleReadRequest.partial(),
    result: RoleData,
    handler: async () => ({ hiddenRole: '' }),
  });
  const table = tableRoutes(createRoleService(deps), {
    paths: ROLE_PATHS,
    tag: 'Role',
    permission: 'Setting.Role',
    // The user page picks roles too.
    readPermission: ['Setting.Role', 'Setting.User'],
    schemas: { row: RoleRow, read: RoleReadRequest, line: RoleRequest, key: RoleDeleteRequest },
    what: 'roles',
    summaries: {
      Update: 'Update roles (name, permission keys)',
      Delete: 'Delete roles no user holds',
    },
  });
  return [...table, hidden];
}
