import {
  page,
  parseRoleContent,
  RoleData,
  RoleDeleteRequest,
  RoleReadRequest,
  RoleRequest,
  RoleRow,
  writeBody,
} from '@prepay/contracts';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { type AuthedContext, defineRoute, type RouteDef } from '../../http/route.js';
import { formatDateTime } from '../../lib/dates.js';
import { notFound, refuse } from '../../lib/domain-errors.js';
import { duplicateKeys } from '../../lib/duplicates.js';
import { allOf, commonConditions, contains, type ReadSpec, readTable } from '../../lib/read-query.js';
import { auditEach, writeAudit } from '../audit/audit.js';
import { assertCanEditRoles, assertCanGrant } from './role-guard.js';

const spec: ReadSpec = {
  sortable: {
    roleId: roles.roleId,
    name: roles.name,
    createDate: roles.createDate,
    updateDate: roles.updateDate,
  },
  defaultOrder: [asc(roles.roleId)],
  search: [roles.roleId, roles.name, roles.remark],
  createDate: roles.createDate,
  updateDate: roles.updateDate,
};

/** Content is stored normalised: trimmed keys, no repeats, in the order given. */
const normalise = (content: string) => [...new Set(parseRoleContent(content))].join(',');

const toRow = (r: typeof roles.$inferSelect): z.infer<typeof RoleRow> => ({
  roleId: r.roleId,
  name: r.name,
  content: r.content,
  remark: r.remark,
  createId: r.createId,
  createDate: formatDateTime(r.createDate),
  updateId: r.updateId,
  updateDate: formatDateTime(r.updateDate ?? r.createDate),
});

async function load(q: Queryable, ids: string[]) {
  if (!ids.length) return [];
  return (await q.select().from(roles).where(inArray(roles.roleId, ids))).map(toRow);
}

export function roleRoutes(deps: Deps): RouteDef[] {
  const { db } = deps.database;
  const tag = 'Role';
  const permission = 'Setting.Role' as const;

  async function write(
    ctx: AuthedContext,
    rows: z.infer<typeof RoleRequest>[],
    action: 'Create' | 'Update' | 'Import',
  ) {
    const dup = duplicateKeys(rows.map((r) => r.roleId));
    if (dup.length) throw refuse(`The request has duplicate lines: ${dup.join(', ')}`);
    for (const r of rows) assertCanGrant(ctx.user, r.content);
    return db.transaction(async (tx) => {
      const ids = rows.map((r) => r.roleId);
      const before = await load(tx, ids);
      if (action !== 'Update' && before.length) {
        throw refuse(`Role already exists: ${before.map((b) => b.roleId).join(', ')}`);
      }
      if (action === 'Update') {
        if (before.length !== ids.length) {
          throw notFound(`Role ${ids.filter((id) => !before.some((b) => b.roleId === id)).join(', ')}`);
        }
        // Editing a role that holds keys you lack would let you strip or re-shape it: same rule as granting.
        for (const b of before) assertCanGrant(ctx.user, b.content);
        await assertCanEditRoles(tx, ctx.user, ids);
      }
      const now = deps.clock.now();
      for (const r of rows) {
        const values = { name: r.name, content: normalise(r.content), remark: r.remark ?? null };
        if (action === 'Update') {
          await tx
            .update(roles)
            .set({ ...values, updateId: ctx.user.userId, updateDate: now })
            .where(eq(roles.roleId, r.roleId));
        } else {
          // A station administrator's role belongs to their station; a system administrator's to the system.
          const stationId = ctx.user.isSystemAdmin ? null : ctx.user.stationId;
          await tx
            .insert(roles)
            .values({ roleId: r.roleId, ...values, stationId, createId: ctx.user.userId, createDate: now });
        }
      }
      const after = await load(tx, ids);
      await auditEach(tx, ctx.actor, { title: 'Role', action }, after, (a) =>
        before.find((b) => b.roleId === a.roleId),
      );
      return after;
    });
  }

  async function remove(ctx: AuthedContext, ids: string[]) {
    return db.transaction(async (tx) => {
      const before = await load(tx, ids);
      if (before.length !== new Set(ids).size) throw notFound('Role');
      for (const b of before) assertCanGrant(ctx.user, b.content);
      await assertCanEditRoles(tx, ctx.user, ids);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .leftJoin(userRoles, eq(userRoles.userId, users.userId))
        .where(or(inArray(users.roleId, ids), inArray(userRoles.roleId, ids)));
      if (Number(n) > 0) throw refuse('The role is still held by users; change their roles first');
      await tx.delete(roles).where(inArray(roles.roleId, ids));
      for (const b of before) await writeAudit(tx, ctx.actor, { title: 'Role', action: 'Delete', before: b });
      return before;
    });
  }

  return [
    defineRoute({
      path: '/api/role/read',
      // The user page picks roles too.
      permission: ['Setting.Role', 'Setting.User'],
      tag,
      summary: 'List roles',
      body: RoleReadRequest,
      result: page(RoleRow),
      handler: async (b, ctx) => {
        const where = allOf([...commonConditions(spec, b, ctx.user), contains(roles.name, b.name)]);
        return readTable(db, roles, where, spec, b, toRow);
      },
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
      handler: (b, ctx) => write(ctx, b, 'Create'),
    }),
    defineRoute({
      path: '/api/role/import',
      permission,
      tag,
      summary: 'Import roles, all or nothing',
      body: writeBody(RoleRequest),
      result: z.array(RoleRow),
      handler: (b, ctx) => write(ctx, b, 'Import'),
    }),
    defineRoute({
      path: '/api/role/update',
      permission,
      tag,
      summary: 'Update roles (name, permission keys)',
      body: writeBody(RoleRequest),
      result: z.array(RoleRow),
      handler: (b, ctx) => write(ctx, b, 'Update'),
    }),
    defineRoute({
      path: '/api/role/delete',
      permission,
      tag,
      summary: 'Delete roles no user holds',
      body: writeBody(RoleDeleteRequest),
      result: z.array(RoleRow),
      handler: (b, ctx) =>
        remove(
          ctx,
          b.map((r) => r.roleId),
        ),
    }),
  ];
}
