import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { userRoutes } from './user.routes.js';
import { createUserService } from './user.service.js';

export { findUser, loadRows, profileOf, roleIdsOf } from './user.repo.js';

export function userModule(deps: Deps): ServerModule {
  return { routes: userRoutes(createUserService(deps)) };
}
