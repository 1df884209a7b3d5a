import type { Deps } from '../../deps.js';
import { oncePer } from '../../lib/once-per.js';

/** One `make(deps)` per app: its state lives in the database, so each process has its own. */
export const perDeps = <T extends object>(make: (deps: Deps) => T): ((deps: Deps) => T) => oncePer(make);
