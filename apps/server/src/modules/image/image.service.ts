import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES, IMAGE_SLOTS, type ImageRow, type ImageSlot, imagePath } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { assertSystemAdmin } from '../../kernel/station-guard.js';
import { formatDateTime } from '../../lib/dates.js';
import { refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import { withDeps } from '../../lib/with-deps.js';
import { deleteImage, imageBytes, imageFigures, imageSummary, saveImage } from './image.repo.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG by content: the 8-byte signature, then an IHDR chunk with the size. Returns width and height. */
export function checkPng(buf: Buffer): { width: number; height: number } {
  if (buf.length < 33 || !buf.subarray(0, 8).equals(PNG) || buf.toString('latin1', 12, 16) !== 'IHDR') {
    throw refuse('Only PNG images can be uploaded (the file is not a PNG image)');
  }
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  if (!width || !height) throw refuse('The PNG image is damaged (no size in its header)');
  return { width, height };
}

/** Images are shared by every station (login page, receipts): system administrators change them. */
const ADMIN_ONLY = 'Only a system administrator replaces the images';

async function list(deps: Deps): Promise<ImageRow[]> {
  const rows = await imageFigures(deps.database.db);
  return IMAGE_SLOTS.map((slot) => {
    const r = rows.find((x) => x.slot === slot);
    return {
      slot,
      url: r ? `${imagePath(slot)}?v=${r.sha256.slice(0, 12)}` : null,
      size: r?.size ?? null,
      width: r?.width ?? null,
      height: r?.height ?? null,
      updateId: r?.updateId ?? null,
      updateDate: formatDateTime(r?.updateDate),
    };
  });
}

async function upload(deps: Deps, ctx: UserContext, slot: ImageSlot, buf: Buffer): Promise<ImageRow> {
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  if (buf.length > IMAGE_MAX_BYTES) throw refuse('The image is larger than 2 MB');
  const { width, height } = checkPng(buf);
  const sha256 = createHash('sha256').update(buf).digest('hex');
  const values = {
    slot,
    dataBase64: buf.toString('base64'),
    size: buf.length,
    width,
    height,
    sha256,
    updateId: ctx.user.userId,
    updateDate: deps.clock.now(),
  };
  await deps.database.db.transaction(async (tx) => {
    const old = await imageSummary(tx, slot);
    await saveImage(tx, values);
    await writeAudit(tx, ctx.actor, {
      title: 'Image',
      action: 'Upload',
      before: old ? { slot, ...old } : undefined,
      after: { slot, size: buf.length, width, height, sha256 },
    });
  });
  const stored = (await list(deps)).find((r) => r.slot === slot);
  if (!stored) throw new Error(`image ${slot} was stored but cannot be read back`);
  return stored;
}

async function remove(deps: Deps, ctx: UserContext, slots: ImageSlot[]): Promise<ImageRow[]> {
  assertSystemAdmin(ctx.user, ADMIN_ONLY);
  await deps.database.db.transaction(async (tx) => {
    for (const slot of new Set(slots)) {
      const gone = await deleteImage(tx, slot);
      if (gone)
        await writeAudit(tx, ctx.actor, { title: 'Image', action: 'Delete', before: { slot, ...gone } });
    }
  });
  return list(deps);
}

async function fetch(deps: Deps, slot: string) {
  if (!(IMAGE_SLOTS as readonly string[]).includes(slot)) return undefined;
  const row = await imageBytes(deps.database.db, slot);
  return row ? { bytes: Buffer.from(row.dataBase64, 'base64'), sha256: row.sha256 } : undefined;
}

export function createImageService(deps: Deps) {
  return withDeps(deps, { list, upload, remove, fetch });
}
export type ImageService = ReturnType<typeof createImageService>;
