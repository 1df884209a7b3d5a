import {
  page,
  RoleData,
  RoleDeleteRequest,
  RoleReadRequest,
  RoleRequest,
  RoleRow,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, keysOf, type RouteDef } from '../../http/route.js';
import { readRoles } from './role.repo.js';

import { createRoleService } from './role.service.js';

export function roleRoutes(deps: Deps): RouteDef[] {
  const { db } = deps.database;
  const tag = 'Role';
  const permission = 'Setting.Role' as const;

  const roleService = createRoleService(deps);

  return [
    defineRoute({
      path: '/api/role/read',
      // The user page picks roles too.
      permission: ['Setting.Role', 'Setting.User'],
      tag,
      summary: 'List roles',
      body: RoleReadRequest,
      result: page(RoleRow),
      handler: (b, ctx) => readRoles(db, b, ctx.user),
    }),
    defineRoute({
      path: '/api/role/ReadDataRole',
      permission,
      tag,
      summary: 'Keys the role editor hides',
      body: RoleReadRequest.partial(),
      result: RoleData,
      handler: async () => ({ hiddenRole: '' }),
    }),
    defineRoute({
      path: '/api/role/create',
      permission,
      tag,
      summary: 'Create roles',
      body: writeBody(RoleRequest),
      result: z.array(RoleRow),
      handler: (b, ctx) => roleService.write(ctx, b, 'Create'),
    }),
    defineRoute({
      path: '/api/role/import',
      permission,
      tag,
      summary: 'Import roles, all or nothing',
      body: writeBody(RoleRequest),
      result: z.array(RoleRow),
      handler: (b, ctx) => roleService.write(ctx, b, 'Import'),
    }),
    defineRoute({
      path: '/api/role/update',
      permission,
      tag,
      summary: 'Update roles (name, permission keys)',
      body: writeBody(RoleRequest),
      result: z.array(RoleRow),
      handler: (b, ctx) => roleService.write(ctx, b, 'Update'),
    }),
    defineRoute({
      path: '/api/role/delete',
      permission,
      tag,
      summary: 'Delete roles no user holds',
      body: writeBody(RoleDeleteRequest),
      result: z.array(RoleRow),
      handler: (b, ctx) => roleService.remove(ctx, keysOf(b, 'roleId')),
    }),
  ];
}
