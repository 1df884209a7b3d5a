import { IMAGE_API } from '@prepay/contracts';
import { keysOf, type RouteDef, routeGroup } from '../../http/route.js';
import type { ImageService } from './image.service.js';

/** Setting → Image: every call answers both slots' rows. */
const imageRoute = routeGroup({ tag: 'Image' });

/** The JSON routes; the upload (multipart) and the public GET are in masterdata/file.routes.ts. */
export function imageRoutes(images: ImageService): RouteDef[] {
  return [
    imageRoute(IMAGE_API.read, 'The replaceable images (login background, receipt logo)', () =>
      images.list(),
    ),
    imageRoute(IMAGE_API.delete, 'Remove uploaded images (back to the built-in ones)', (b, ctx) =>
      images.remove(ctx, keysOf(b, 'slot')),
    ),
  ];
}
