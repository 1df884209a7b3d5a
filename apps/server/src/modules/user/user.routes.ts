import {
  page,
  ResetPasswordRequest,
  ResetPasswordResult,
  UserCreateRequest,
  UserCreateResult,
  UserDeleteRequest,
  UserImportRequest,
  UserReadRequest,
  UserRow,
  UserUpdateRequest,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { defineRoute, keysOf, type RouteDef } from '../../http/route.js';
import { readUsers } from './user.repo.js';
import type { createUserService } from './user.service.js';

const tag = 'User';
const permission = 'Setting.User' as const;

export function userRoutes(deps: Deps, users: ReturnType<typeof createUserService>): RouteDef[] {
  return [
    defineRoute({
      path: '/api/user/read',
      permission,
      tag,
      summary: 'List users (paging, search, filters, sort)',
      body: UserReadRequest,
      result: page(UserRow),
      handler: (b, ctx) => readUsers(deps.database.db, b, ctx.user),
    }),
    defineRoute({
      path: '/api/user/create',
      permission,
      tag,
      summary: 'Create users; generated passwords are returned once',
      body: writeBody(UserCreateRequest),
      result: z.array(UserCreateResult),
      handler: (b, ctx) => users.create(ctx, b, 'Create'),
    }),
    defineRoute({
      path: '/api/user/import',
      permission,
      tag,
      summary: 'Import users, all or nothing',
      body: writeBody(UserImportRequest),
      result: z.array(UserCreateResult),
      handler: (b, ctx) => users.create(ctx, b, 'Import'),
    }),
    defineRoute({
      path: '/api/user/update',
      permission,
      tag,
      summary: 'Update users',
      body: writeBody(UserUpdateRequest),
      result: z.array(UserRow),
      handler: (b, ctx) => users.update(ctx, b),
    }),
    defineRoute({
      path: '/api/user/delete',
      permission,
      tag,
      summary: 'Delete users',
      body: writeBody(UserDeleteRequest),
      result: z.array(UserRow),
      handler: (b, ctx) => users.remove(ctx, keysOf(b, 'userId')),
    }),
    defineRoute({
      path: '/api/user/reset',
      permission,
      tag,
      summary: "Reset a user's login password to a one-time password",
      body: ResetPasswordRequest,
      result: ResetPasswordResult,
      handler: (b, ctx) => users.resetPassword(ctx, b.userId),
    }),
  ];
}
