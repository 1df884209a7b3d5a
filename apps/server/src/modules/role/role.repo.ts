import { parseRoleContent, type RoleReadRequest, type RoleRow } from '@prepay/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { roles } from '../../db/schema.js';
import { formatDateTime } from '../../lib/dates.js';
import { allOf, commonConditions, contains, type ReadSpec, readTable } from '../../lib/read-query.js';
import type { SessionUser } from '../../lib/user-context.js';

export const spec: ReadSpec = {
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
export const normalise = (content: string) => [...new Set(parseRoleContent(content))].join(',');

export const toRow = (r: typeof roles.$inferSelect): z.infer<typeof RoleRow> => ({
  roleId: r.roleId,
  name: r.name,
  content: r.content,
  remark: r.remark,
  createId: r.createId,
  createDate: formatDateTime(r.createDate),
  updateId: r.updateId,
  updateDate: formatDateTime(r.updateDate ?? r.createDate),
});

export async function load(q: Queryable, ids: string[]) {
  if (!ids.length) return [];
  return (await q.select().from(roles).where(inArray(roles.roleId, ids))).map(toRow);
}

/** A page of roles: the common filters, the name filter, the request's order. */
export function readRoles(q: Queryable, req: z.infer<typeof RoleReadRequest>, user: SessionUser) {
  const where = allOf([...commonConditions(spec, req, user), contains(roles.name, req.name)]);
  return readTable(q, roles, where, spec, req, toRow);
}
