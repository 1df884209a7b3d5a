import { parseRoleContent, type RoleRow } from '@prepay/contracts';
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { roles } from '../../db/schema.js';
import { auditedSpec, gridPage, loadByKeys } from '../../kernel/read-query.js';
import { auditedRow } from '../../lib/dates.js';

// Roles are shared by every station: no station scope.
export const spec = auditedSpec(roles, {
  sortable: ['roleId'],
  defaultOrder: [asc(roles.roleId)],
  search: [roles.roleId, roles.name, roles.remark],
  filters: { contains: ['name'] },
});

/** Content is stored normalised: trimmed keys, no repeats, in the order given. */
export const normalise = (content: string) => [...new Set(parseRoleContent(content))].join(',');

export const toRow = (r: typeof roles.$inferSelect): z.infer<typeof RoleRow> =>
  auditedRow(r, ['roleId', 'name', 'content', 'remark']);

export const load = (q: Queryable, ids: string[]) => loadByKeys(q, roles, roles.roleId, ids, toRow);

/** A page of roles: the common filters, the name filter, the request's order. */
export const readRoles = gridPage(roles, spec, toRow);
