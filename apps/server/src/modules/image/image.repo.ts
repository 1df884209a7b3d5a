import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { images } from '../../db/schema.js';

/** Every stored image's figures (not its bytes). */
export const imageFigures = (q: Queryable) =>
  q
    .select({
      slot: images.slot,
      size: images.size,
      width: images.width,
      height: images.height,
      sha256: images.sha256,
      updateId: images.updateId,
      updateDate: images.updateDate,
    })
    .from(images);

/** What the audit says of an image: its size and hash. */
export async function imageSummary(q: Queryable, slot: string) {
  const [row] = await q
    .select({ size: images.size, sha256: images.sha256 })
    .from(images)
    .where(eq(images.slot, slot));
  return row;
}

export async function saveImage(q: Queryable, values: typeof images.$inferInsert) {
  await q.insert(images).values(values).onConflictDoUpdate({ target: images.slot, set: values });
}

/** Deletes the slot's image and answers its summary (none when the slot was empty). */
export async function deleteImage(q: Queryable, slot: string) {
  const [gone] = await q
    .delete(images)
    .where(eq(images.slot, slot))
    .returning({ size: images.size, sha256: images.sha256 });
  return gone;
}

export async function imageBytes(q: Queryable, slot: string) {
  const [row] = await q.select().from(images).where(eq(images.slot, slot));
  return row;
}
