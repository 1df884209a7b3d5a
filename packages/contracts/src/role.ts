import { z } from 'zod';
import { AuditFields, Id, NameReadRequest, Remark } from './common.js';
import { ALL_PERMISSION_KEYS } from './permissions.js';

const known = new Set<string>(ALL_PERMISSION_KEYS);

/** Content is the comma-separated key list; unknown keys are refused so a typo cannot hide a page. */
export const RoleContent = z
  .string()
  .max(8000)
  .refine(
    (c) =>
      c
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
        .every((k) => known.has(k)),
    { message: 'unknown permission key in content' },
  );

/** The original lets create and import leave name and content null: the name is then the id. */
export const RoleRequest = z
  .object({
    roleId: Id,
    name: z.string().trim().max(128).nullish(),
    content: RoleContent.nullish(),
    remark: Remark,
  })
  .transform((r) => ({ ...r, name: r.name || r.roleId, content: r.content ?? '' }));
export const RoleDeleteRequest = z.object({ roleId: Id });
export const RoleRow = z.object({
  roleId: z.string(),
  name: z.string(),
  content: z.string(),
  ...AuditFields,
});
export type RoleRow = z.infer<typeof RoleRow>;
export const RoleReadRequest = NameReadRequest;
/** Keys the role editor hides (role-only keys are shown; nothing is hidden today). */
export const RoleData = z.object({ hiddenRole: z.string() });
