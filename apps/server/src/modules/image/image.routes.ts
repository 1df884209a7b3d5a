import { IMAGE_PATHS, ImageDeleteRequest, ImageRow, writeBody } from '@prepay/contracts';
import { z } from 'zod';
import { keysOf, type RouteDef, routeGroup } from '../../http/route.js';
import type { ImageService } from './image.service.js';

/** Setting → Image: every call answers both slots' rows. */
const imageRoute = routeGroup({ permission: 'Setting.Image', tag: 'Image', result: z.array(ImageRow) });

/** The JSON routes; the upload (multipart) and the public GET are in masterdata/file.routes.ts. */
export function imageRoutes(images: ImageService): RouteDef[] {
  return [
    imageRoute(
      IMAGE_PATHS.read,
      'The replaceable images (login background, receipt logo)',
      z.object({}).passthrough(),
      () => images.list(),
    ),
    imageRoute(
      IMAGE_PATHS.delete,
      'Remove uploaded images (back to the built-in ones)',
      writeBody(ImageDeleteRequest),
      (b, ctx) => images.remove(ctx, keysOf(b, 'slot')),
    ),
  ];
}
