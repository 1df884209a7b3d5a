import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** A link change waiting to be written: the meter dialled in here (`transport`) or its socket closed. */
export interface LinkChange {
  meterId: string;
  transport: string | null;
  /** When it happened in this process (a later registration elsewhere must not be overwritten by it). */
  at: string;
}

/** Takes or renews this process's lease until now + ttl (database time, so clocks need not agree). */
export async function renewProcessLease(db: Db, processId: string, ttlMs: number): Promise<void> {
  await db.execute(sql`
    insert into headend_processes (process_id, lease_until)
    values (${processId}, now() + ${ttlMs} * interval '1 millisecond')
    on conflict (process_id) do update set lease_until = excluded.lease_until`);
}

/**
 * Writes a batch of link changes in two statements. A meter that dialled in here takes its row whatever
 * process held it, unless another process registered it later; a closed socket removes the row only
 * while it is still this process's.
 */
export async function writeLinkChanges(db: Db, processId: string, changes: LinkChange[]): Promise<void> {
  const up = changes.filter((c) => c.transport !== null);
  const down = changes.filter((c) => c.transport === null);
  if (up.length) {
    await db.execute(sql`
      insert into headend_links (meter_id, process_id, transport, since)
      select v.meter_id, ${processId}, v.transport, v.at::timestamptz
      from jsonb_to_recordset(${JSON.stringify(up.map((c) => ({ meter_id: c.meterId, transport: c.transport, at: c.at })))}::jsonb)
        as v(meter_id text, transport text, at text)
      where exists (select 1 from meters m where m.meter_id = v.meter_id)
      on conflict (meter_id) do update
        set process_id = excluded.process_id, transport = excluded.transport, since = excluded.since
        where headend_links.process_id = excluded.process_id or headend_links.since <= excluded.since`);
  }
  if (down.length) {
    await db.execute(sql`
      delete from headend_links
      where process_id = ${processId}
        and meter_id in (select jsonb_array_elements_text(${JSON.stringify(down.map((c) => c.meterId))}::jsonb))`);
  }
}

/** A stopping process hands its links back at once instead of letting its lease run out. */
export async function releaseProcess(db: Db, processId: string): Promise<void> {
  await db.execute(sql`delete from headend_links where process_id = ${processId}`);
  await db.execute(sql`delete from headend_processes where process_id = ${processId}`);
}

/** Rows of processes dead for an hour, and the links they left behind, go. */
export async function forgetDeadProcesses(db: Db): Promise<void> {
  await db.execute(sql`
    delete from headend_links l where not exists (
      select 1 from headend_processes p
      where p.process_id = l.process_id and p.lease_until > now() - interval '1 hour')`);
  await db.execute(sql`delete from headend_processes where lease_until < now() - interval '1 hour'`);
}
