import {
  ROLE_PATHS,
  RoleData,
  RoleDeleteRequest,
  RoleReadRequest,
  RoleRequest,
  RoleRow,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineRoute, keysOf, type RouteDef } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import { createRoleService } from './role.service.js';

const tag = 'Role';
const permission = 'Setting.Role' as const;

export function roleRoutes(deps: Deps): RouteDef[] {
  const roles = createRoleService(deps);
  return [
    ...tableRoutes({
      paths: ROLE_PATHS,
      tag,
      permission,
      row: RoleRow,
      read: {
        // The user page picks roles too.
        permission: ['Setting.Role', 'Setting.User'],
        summary: 'List roles',
        body: RoleReadRequest,
        handler: (b, ctx) => roles.read(b, ctx.user),
      },
      write: {
        line: RoleRequest,
        summaries: {
          Create: 'Create roles',
          Import: 'Import roles, all or nothing',
          Update: 'Update roles (name, permission keys)',
        },
        handler: (b, ctx, action) => roles.write(ctx, b, action),
      },
      remove: {
        key: RoleDeleteRequest,
        summary: 'Delete roles no user holds',
        handler: (b, ctx) => roles.remove(ctx, keysOf(b, 'roleId')),
      },
    }),
    defineRoute({
      path: ROLE_PATHS.readDataRole,
      permission,
      tag,
      summary: 'Keys the role editor hides',
      body: RoleReadRequest.partial(),
      result: RoleData,
      handler: async () => ({ hiddenRole: '' }),
    }),
  ];
}
