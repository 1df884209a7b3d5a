import type { Queryable } from '../db/client.js';
import { auditLogs } from '../db/schema.js';
import { redact } from '../lib/redact.js';

import type { Actor } from '../lib/user-context.js';

export type { Actor } from '../lib/user-context.js';

export interface AuditEntry {
  /** The operation object, e.g. "User", "Role", "Login". */
  title: string;
  /** Create, Update, Delete, Import, Login, Logout, ResetPassword, … */
  action: string;
  content?: string | null;
  before?: unknown;
  after?: unknown;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(redact(v)));

/** The columns of an audit row as written (the vend writes its row inside a larger statement). */
export type AuditRow = Required<Omit<typeof auditLogs.$inferInsert, 'logId' | 'createDate'>>;

/** The audit row of an entry: its before and after images redacted and serialised. */
export function auditRow(actor: Actor, entry: AuditEntry): AuditRow {
  return {
    title: entry.title,
    action: entry.action,
    content: entry.content ?? null,
    contentBefore: json(entry.before),
    contentAfter: json(entry.after),
    ipAddress: actor.ipAddress,
    userId: actor.userId,
    stationId: actor.stationId,
  };
}

/** Writes one audit row. Call it with the transaction that makes the change, so both land or neither. */
export async function writeAudit(q: Queryable, actor: Actor, entry: AuditEntry): Promise<void> {
  await q.insert(auditLogs).values(auditRow(actor, entry));
}

/** Several audit rows of one actor in one statement (a batch's), in the caller's transaction. */
export async function writeAudits(q: Queryable, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await q.insert(auditLogs).values(entries.map((e) => auditRow(actor, e)));
}

/** One audit row per written row: its state after, and before as `beforeOf` finds it (absent on create). */
export async function auditEach<T>(
  q: Queryable,
  actor: Actor,
  what: { title: string; action: string },
  after: T[],
  beforeOf: (row: T) => unknown,
): Promise<void> {
  for (const row of after) await writeAudit(q, actor, { ...what, before: beforeOf(row), after: row });
}

/** One 'Delete' audit row per removed row, its state before as the answer returns it. */
export async function auditDeleted(
  q: Queryable,
  actor: Actor,
  title: string,
  removed: unknown[],
): Promise<void> {
  for (const before of removed) await writeAudit(q, actor, { title, action: 'Delete', before });
}
