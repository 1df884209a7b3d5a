import { USER_API } from '@prepay/contracts';
import { defineRoute, keysOf, type RouteDef } from '../../http/route.js';
import type { UserService } from './user.service.js';

const tag = 'User';
const _permission = 'Setting.User' as const;

export function userRoutes(users: UserService): RouteDef[] {
  return [
    defineRoute({
      endpoint: USER_API.read,
      tag,
      summary: 'List users (paging, search, filters, sort)',
      handler: (b, ctx) => users.read(b, ctx.user),
    }),
    defineRoute({
      endpoint: USER_API.create,
      tag,
      summary: 'Create users; generated passwords are returned once',
      handler: (b, ctx) => users.create(ctx, b, 'Create'),
    }),
    defineRoute({
      endpoint: USER_API.import,
      tag,
      summary: 'Import users, all or nothing',
      handler: (b, ctx) => users.create(ctx, b, 'Import'),
    }),
    defineRoute({
      endpoint: USER_API.update,
      tag,
      summary: 'Update users',
      handler: (b, ctx) => users.update(ctx, b),
    }),
    defineRoute({
      endpoint: USER_API.delete,
      tag,
      summary: 'Delete users',
      handler: (b, ctx) => users.remove(ctx, keysOf(b, 'userId')),
    }),
    defineRoute({
      endpoint: USER_API.reset,
      tag,
      summary: "Reset a user's login password to a one-time password",
      handler: (b, ctx) => users.resetPassword(ctx, b.userId),
    }),
  ];
}
