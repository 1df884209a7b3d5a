import { IMAGE_PATHS, ImageDeleteRequest, ImageRow, writeBody } from '@prepay/contracts';
import { z } from 'zod';
import { defineRoute, keysOf, type RouteDef } from '../../http/route.js';
import type { ImageService } from './image.service.js';

const tag = 'Image';
const permission = 'Setting.Image' as const;

/** The JSON routes; the upload (multipart) and the public GET are in masterdata/file.routes.ts. */
export function imageRoutes(images: ImageService): RouteDef[] {
  return [
    defineRoute({
      path: IMAGE_PATHS.read,
      permission,
      tag,
      summary: 'The replaceable images (login background, receipt logo)',
      body: z.object({}).passthrough(),
      result: z.array(ImageRow),
      handler: () => images.list(),
    }),
    defineRoute({
      path: IMAGE_PATHS.delete,
      permission,
      tag,
      summary: 'Remove uploaded images (back to the built-in ones)',
      body: writeBody(ImageDeleteRequest),
      result: z.array(ImageRow),
      handler: (b, ctx) => images.remove(ctx, keysOf(b, 'slot')),
    }),
  ];
}
