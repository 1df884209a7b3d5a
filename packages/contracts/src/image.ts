import { z } from 'zod';
import { DateTime } from './common.js';

/** The two replaceable images (Setting → Image). */
export const IMAGE_SLOTS = ['loginBackground', 'receiptLogo'] as const;
export const ImageSlot = z.enum(IMAGE_SLOTS);
export type ImageSlot = z.infer<typeof ImageSlot>;

/**
 * Routes:
 * - POST /api/image/upload?slot=<slot>  multipart/form-data, one field "file": a PNG (checked by its
 *   signature) of at most 2 MB → ImageRow. Permission Setting.Image, system administrators only.
 * - POST /api/image/read → ImageRow[] (both slots; `url` null when none is uploaded).
 * - POST /api/image/delete [{slot}] → back to the built-in image.
 * - GET  /api/image/file/<slot> (PUBLIC: the login page shows it before login) → image/png, 404 when none
 *   (api-paths.ts imagePath).
 */

export const ImageRow = z.object({
  slot: ImageSlot,
  url: z.string().nullable(),
  size: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  updateId: z.string().nullable(),
  updateDate: DateTime.nullable(),
});
export type ImageRow = z.infer<typeof ImageRow>;
export const ImageDeleteRequest = z.object({ slot: ImageSlot });
export const ImageUploadQuery = z.object({ slot: ImageSlot });
