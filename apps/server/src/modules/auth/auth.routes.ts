import {
  AUTHENTICATED,
  LoginRequest,
  LoginResult,
  ModifyPasswordRequest,
  PUBLIC,
  SwitchRoleRequest,
  UpdateInfoRequest,
  UserInfo,
  UserRows,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { type AuthedContext, defineRoute, type RouteDef } from '../../http/route.js';
import { loadRows } from '../user/user.repo.js';
import type { createAuthService } from './auth.service.js';

const tag = 'User';

export function authRoutes(auth: ReturnType<typeof createAuthService>, deps: Deps): RouteDef[] {
  /** The original answers profile and password changes with the user's row, as an array. */
  const ownRows = (ctx: AuthedContext) => loadRows(deps.database.db, [ctx.user.userId]);
  return [
    defineRoute({
      path: '/api/user/login',
      permission: PUBLIC,
      tag,
      summary: 'Log in; returns the bearer token',
      body: LoginRequest,
      result: LoginResult,
      handler: (b, ctx) => auth.login(b.userId, b.password, ctx.actor.ipAddress),
    }),
    defineRoute({
      path: '/api/user/info',
      permission: AUTHENTICATED,
      tag,
      summary: 'The signed-in user, their role and its permission keys',
      result: UserInfo,
      handler: (_b, ctx) => auth.info(ctx),
    }),
    defineRoute({
      path: '/api/user/logout',
      permission: AUTHENTICATED,
      tag,
      summary: 'Revoke this token',
      result: z.null(),
      handler: (_b, ctx) => auth.logout(ctx),
    }),
    defineRoute({
      path: '/api/user/switchRole',
      permission: AUTHENTICATED,
      tag,
      summary: 'Switch to another role the user holds; returns a new token',
      body: SwitchRoleRequest,
      result: LoginResult,
      handler: (b, ctx) => auth.switchRole(ctx, b.roleId),
    }),
    defineRoute({
      path: '/api/user/updateInfo',
      permission: AUTHENTICATED,
      tag,
      summary: 'Update your own profile',
      body: UpdateInfoRequest,
      result: UserRows,
      handler: async (b, ctx) => {
        await auth.updateInfo(ctx, b);
        return ownRows(ctx);
      },
    }),
    defineRoute({
      path: '/api/user/modifyLoginPassword',
      permission: AUTHENTICATED,
      tag,
      summary: 'Change your login password',
      body: ModifyPasswordRequest,
      result: UserRows,
      handler: async (b, ctx) => {
        await auth.modifyPassword(ctx, 'login', b.oldPassword, b.newPassword);
        return ownRows(ctx);
      },
    }),
    defineRoute({
      path: '/api/user/modifyAuthorizationPassword',
      permission: AUTHENTICATED,
      tag,
      summary: 'Change your authorization password (the second secret vending and cancelling require)',
      body: ModifyPasswordRequest,
      result: UserRows,
      handler: async (b, ctx) => {
        await auth.modifyPassword(ctx, 'authorization', b.oldPassword, b.newPassword);
        return ownRows(ctx);
      },
    }),
  ];
}
