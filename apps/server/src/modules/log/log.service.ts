import type { Deps } from '../../deps.js';
import { onDatabase, withDeps } from '../../lib/with-deps.js';
import { readLogs } from './log.repo.js';

/** The audit trail is written by audit.ts inside each change's transaction; here it is only read. */
export function createLogService(deps: Deps) {
  return withDeps(deps, { read: onDatabase(readLogs) });
}
