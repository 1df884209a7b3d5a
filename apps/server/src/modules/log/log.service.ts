import type { LogReadRequest } from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SessionUser } from '../../lib/user-context.js';
import { withDeps } from '../../lib/with-deps.js';
import { readLogs } from './log.repo.js';

/** The audit trail is written by audit.ts inside each change's transaction; here it is only read. */
function read(deps: Deps, req: z.infer<typeof LogReadRequest>, user: SessionUser) {
  return readLogs(deps.database.db, req, user);
}

export function createLogService(deps: Deps) {
  return withDeps(deps, { read });
}
