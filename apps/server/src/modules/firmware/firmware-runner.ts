import type { DlmsClient } from '@prepay/dlms';
import type { Deps } from '../../deps.js';
import { type DrainLoop, drainLoop } from '../../lib/drain-loop.js';
import { claimTask, standbyTasks } from './firmware.repo.js';
import { type FirmwareService, TASK } from './firmware.service.js';

/** Attempts of one task in a row: a dropped link is tried again at once, resuming the transfer. */
const ATTEMPTS = 3;
const BATCH = 32;

/** How the runner reaches a meter: an association to it for the length of `fn` (the DLMS transport). */
export interface MeterSessions {
  withSession<T>(meterId: string, fn: (client: DlmsClient) => Promise<T>): Promise<T>;
}

const linkFailed = (reason: string | null) => reason?.startsWith('the link failed') === true;

/**
 * Sends queued firmware upgrades to their meters through the head-end's DLMS transport: standby tasks
 * oldest first, a batch at a time, each claimed by this process before it runs (two processes never send
 * one task). A link that drops fails the attempt with the meter's blocks kept; the runner tries again at
 * once, up to ATTEMPTS, and the transfer resumes from the meter's first missing block. A meter that cannot
 * be reached, or is of another model, fails its task with the reason.
 */
export function createFirmwareRunner(
  deps: Deps,
  service: FirmwareService,
  sessions: MeterSessions,
): DrainLoop {
  let closing = () => false;
  const attempt = (task: { id: number; meterId: string }) =>
    sessions
      .withSession(task.meterId, (client) => service.runTask(task.id, client))
      .catch((e: unknown) => service.failTask(task.id, `the link failed: ${(e as Error).message}`));
  const one = async (task: { id: number; meterId: string }) => {
    if (!(await claimTask(deps.database.db, task.id, deps.clock.now()))) return;
    for (let n = 1; n <= ATTEMPTS && !closing(); n++) {
      const row = await attempt(task);
      if (row.status === TASK.success || !linkFailed(row.reason)) return;
    }
  };
  return drainLoop(async (stopped) => {
    closing = stopped;
    for (;;) {
      const batch = stopped() ? [] : await standbyTasks(deps.database.db, BATCH);
      if (batch.length === 0) break;
      await Promise.all(batch.map(one));
    }
  });
}
