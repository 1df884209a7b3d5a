import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { roleRoutes } from './role.routes.js';

export { assertCanAssignRoles } from './role-guard.js';

export function roleModule(deps: Deps): ServerModule {
  return { routes: roleRoutes(deps) };
}
