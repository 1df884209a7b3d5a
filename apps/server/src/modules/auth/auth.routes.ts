import {
  AUTHENTICATED,
  LoginRequest,
  LoginResult,
  ModifyPasswordRequest,
  PUBLIC,
  SwitchRoleRequest,
  UpdateInfoRequest,
  UserInfo,
} from '@prepay/contracts';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../../http/route.js';
import type { createAuthService } from './auth.service.js';

const tag = 'User';

export function authRoutes(auth: ReturnType<typeof createAuthService>): RouteDef[] {
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
      result: UserInfo,
      handler: (b, ctx) => auth.updateInfo(ctx, b),
    }),
    defineRoute({
      path: '/api/user/modifyLoginPassword',
      permission: AUTHENTICATED,
      tag,
      summary: 'Change your login password',
      body: ModifyPasswordRequest,
      result: z.null(),
      handler: (b, ctx) => auth.modifyPassword(ctx, 'login', b.oldPassword, b.newPassword),
    }),
    defineRoute({
      path: '/api/user/modifyAuthorizationPassword',
      permission: AUTHENTICATED,
      tag,
      summary: 'Change your authorization password (the second secret vending and cancelling require)',
      body: ModifyPasswordRequest,
      result: z.null(),
      handler: (b, ctx) => auth.modifyPassword(ctx, 'authorization', b.oldPassword, b.newPassword),
    }),
  ];
}
