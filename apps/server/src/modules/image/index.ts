import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { imageRoutes } from './image.routes.js';
import { createImageService } from './image.service.js';

export { checkPng, createImageService, type ImageService } from './image.service.js';

export function imageModule(deps: Deps): ServerModule {
  return { routes: imageRoutes(createImageService(deps)) };
}
