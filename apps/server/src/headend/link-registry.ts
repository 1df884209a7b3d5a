import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/client.js';
import {
  forgetDeadProcesses,
  type LinkChange,
  releaseProcess,
  renewProcessLease,
  writeLinkChanges,
} from './link-registry.repo.js';
import type { Log, Transport } from './types.js';

/**
 * Where this process's dialled-in meters are written for the others: N head-end processes behind a
 * TCP load balancer each hold some of the fleet's sockets, and a meter's tasks must run on the process
 * holding its socket. With one process owning the data (PGlite) there is nobody to tell: `localOnly`.
 */
export interface LinkRegistry {
  /** This process's name (host:pid:random), also the owner of the task leases it takes. */
  readonly processId: string;
  /** Whether links are written to the database (so task claims follow them). */
  readonly shared: boolean;
  linked(meterId: string, transport: Transport): void;
  unlinked(meterId: string): void;
  /** Writes what changed now (tests). */
  flush(): Promise<void>;
  /** Hands this process's links back and ends its lease. */
  close(): Promise<void>;
}

export const newProcessId = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** One process owns the data: nothing to register. */
export function localOnly(processId = newProcessId()): LinkRegistry {
  return {
    processId,
    shared: false,
    linked() {},
    unlinked() {},
    flush: async () => {},
    close: async () => {},
  };
}

export interface RegistryOptions {
  /** A process that stops renewing its lease for this long has lost its links. */
  leaseMs: number;
  /** How long link changes gather before one write. */
  flushMs: number;
}

/** Every this many lease renewals, rows of long-dead processes are removed. */
const FORGET_EVERY = 100;

/**
 * Registers this process (a lease renewed every third of its length) and writes its links in batches:
 * a meter dialling in takes its row from whichever process held it; a closed socket gives it back.
 */
export async function startLinkRegistry(
  db: Db,
  opts: RegistryOptions,
  log: Log,
  processId = newProcessId(),
): Promise<LinkRegistry> {
  await renewProcessLease(db, processId, opts.leaseMs);
  const pending = new Map<string, LinkChange>();
  let writing: Promise<void> = Promise.resolve();
  let renewals = 0;
  const flush = () => {
    writing = writing.then(async () => {
      if (!pending.size) return;
      const batch = [...pending.values()];
      pending.clear();
      await writeLinkChanges(db, processId, batch).catch((err: Error) => {
        // Back in the queue unless something newer replaced them; the next flush tries again.
        for (const c of batch) if (!pending.has(c.meterId)) pending.set(c.meterId, c);
        log.warn({ err: err.message, links: batch.length }, 'head-end: link registry write failed');
      });
    });
    return writing;
  };
  const flusher = setInterval(() => void flush(), opts.flushMs);
  const renewer = setInterval(
    () => {
      renewals++;
      renewProcessLease(db, processId, opts.leaseMs)
        .then(() => (renewals % FORGET_EVERY === 1 ? forgetDeadProcesses(db) : undefined))
        .catch((err: Error) => log.warn({ err: err.message }, 'head-end: lease renewal failed'));
    },
    Math.max(100, Math.floor(opts.leaseMs / 3)),
  );
  flusher.unref();
  renewer.unref();
  const change = (meterId: string, transport: Transport | null) =>
    pending.set(meterId, { meterId, transport, at: new Date().toISOString() });
  return {
    processId,
    shared: true,
    linked: (meterId, transport) => change(meterId, transport),
    unlinked: (meterId) => change(meterId, null),
    flush,
    async close() {
      clearInterval(flusher);
      clearInterval(renewer);
      pending.clear();
      await writing;
      await releaseProcess(db, processId).catch((err: Error) =>
        log.warn({ err: err.message }, 'head-end: could not release the link registry'),
      );
    },
  };
}
