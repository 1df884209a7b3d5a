import {
  page,
  ResetPasswordRequest,
  ResetPasswordResult,
  USER_PATHS,
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
import { defineRoute, keysOf, type RouteDef } from '../../http/route.js';
import type { UserService } from './user.service.js';

const tag = 'User';
const permission = 'Setting.User' as const;

export function userRoutes(users: UserService): RouteDef[] {
  return [
    defineRoute({
      path: USER_PATHS.read,
      permission,
      tag,
      summary: 'List users (paging, search, filters, sort)',
      body: UserReadRequest,
      result: page(UserRow),
      handler: (b, ctx) => users.read(b, ctx.user),
    }),
    defineRoute({
      path: USER_PATHS.create,
      permission,
      tag,
      summary: 'Create users; generated passwords are returned once',
      body: writeBody(UserCreateRequest),
      result: z.array(UserCreateResult),
      handler: (b, ctx) => users.create(ctx, b, 'Create'),
    }),
    defineRoute({
      path: USER_PATHS.import,
      permission,
      tag,
      summary: 'Import users, all or nothing',
      body: writeBody(UserImportRequest),
      result: z.array(UserCreateResult),
      handler: (b, ctx) => users.create(ctx, b, 'Import'),
    }),
    defineRoute({
      path: USER_PATHS.update,
      permission,
      tag,
      summary: 'Update users',
      body: writeBody(UserUpdateRequest),
      result: z.array(UserRow),
      handler: (b, ctx) => users.update(ctx, b),
    }),
    defineRoute({
      path: USER_PATHS.delete,
      permission,
      tag,
      summary: 'Delete users',
      body: writeBody(UserDeleteRequest),
      result: z.array(UserRow),
      handler: (b, ctx) => users.remove(ctx, keysOf(b, 'userId')),
    }),
    defineRoute({
      path: USER_PATHS.reset,
      permission,
      tag,
      summary: "Reset a user's login password to a one-time password",
      body: ResetPasswordRequest,
      result: ResetPasswordResult,
      handler: (b, ctx) => users.resetPassword(ctx, b.userId),
    }),
  ];
}
