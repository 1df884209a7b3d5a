import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { HeadEndService } from './headend/head-end.js';
import type { Clock } from './lib/clock.js';
import type { KeyVault } from './lib/key-vault.js';
import type { Sessions } from './lib/sessions.js';

/** What modules are built from: one instance per app, passed explicitly rather than imported. */
export interface Deps {
  database: Database;
  config: Config;
  clock: Clock;
  sessions: Sessions;
  /** Reaches meters; absent when the app was built without it (most tests). */
  headend?: HeadEndService;
  /** An HSM's vault when one is configured; otherwise keystore uses the software vault. */
  keyVault?: KeyVault;
}
