import { createHash } from 'node:crypto';
import type { FirmwareTaskLine, FirmwareTaskReadRequest, FirmwareTaskRow } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { writeAudit } from '../../kernel/audit.js';
import { formatDateTime } from '../../lib/dates.js';
import { refuse } from '../../lib/domain-errors.js';
import type { SessionUser, UserContext } from '../../lib/user-context.js';
import {
  fileNamed,
  insertFile,
  insertTask,
  meterStation,
  readTasks,
  type TaskJoined,
  taskById,
  updateTask,
} from './firmware.repo.js';
import {
  type ImageTransferLink,
  ModelMismatch,
  type TransferProgress,
  transferImage,
} from './image-transfer.js';

export const TASK = { standby: 0, success: 1, failure: 2, running: 3 } as const;

export function toTaskRow({ f, customerId, customerName }: TaskJoined): FirmwareTaskRow {
  const created = formatDateTime(f.createDate) ?? '';
  return {
    createId: f.createId,
    createDate: created,
    updateId: f.updateId,
    updateDate: formatDateTime(f.updateDate) ?? created,
    remark: f.remark,
    id: f.id,
    customerId,
    customerName,
    meterId: f.meterId,
    status: f.status as FirmwareTaskRow['status'],
    fileName: f.fileName,
    stationId: f.stationId,
    blocksDone: f.blocksDone,
    blockCount: f.blockCount,
    reason: f.reason,
  };
}

/** A file's stored name: its own, without any folder a browser put before it. */
const baseName = (name: string) => name.split(/[\\/]/).pop()?.trim() ?? '';

type Progress = { blocksDone: number; blockCount: number };

/**
 * Stores a transfer's progress in steps of a hundredth of the image (every block of a small one): a
 * 512 KB image is 2,731 blocks of 192 bytes, and a write per block would cost the database more than the
 * transfer costs the head-end. The task's last write (success or failure) carries the exact count.
 */
function progressWriter(write: (p: Progress) => Promise<unknown>) {
  let latest: Progress | undefined;
  let stored = -1;
  return {
    seen: async (p: TransferProgress) => {
      latest = { blocksDone: p.blocksDone, blockCount: p.blockCount };
      const step = Math.max(1, Math.ceil(p.blockCount / 100));
      if (p.phase !== 'blocks' && p.phase !== 'initiate') return;
      if (p.phase === 'blocks' && p.blocksDone - stored < step) return;
      stored = p.blocksDone;
      await write(latest);
    },
    last: (): Partial<Progress> => latest ?? {},
  };
}

/**
 * Runs one task over a meter's DLMS association: running while blocks go (progress stored as they go),
 * success once the image is active. A dropped link fails the attempt with the blocks kept: run again,
 * the transfer resumes at the meter's first missing block. A meter of another model fails at once.
 */
function taskRunner(deps: Deps) {
  return async function runTask(id: number, link: ImageTransferLink): Promise<FirmwareTaskRow> {
    const { db } = deps.database;
    const task = await taskById(db, id);
    if (!task) throw refuse(`Firmware task ${id} not found`);
    const file = await fileNamed(db, task.f.fileName);
    if (!file) throw refuse(`Firmware file ${task.f.fileName} not found`);
    const at = () => ({ updateDate: deps.clock.now(), updateId: null });
    await updateTask(db, id, { status: TASK.running, reason: null, ...at() });
    const identifier = new TextEncoder().encode(file.fileName.replace(/\.bin$/i, ''));
    const progress = progressWriter((p) => updateTask(db, id, { ...p, ...at() }));
    try {
      await transferImage(link, { identifier, bytes: file.bytes }, progress.seen);
      await updateTask(db, id, { status: TASK.success, ...progress.last(), ...at() });
    } catch (e) {
      const why = e instanceof ModelMismatch ? e.message : `the link failed: ${(e as Error).message}`;
      await updateTask(db, id, { status: TASK.failure, reason: why, ...progress.last(), ...at() });
    }
    const after = await taskById(db, id);
    if (!after) throw refuse(`Firmware task ${id} not found`);
    return toTaskRow(after);
  };
}

/** Firmware images (stored, never replaced) and the per-meter upgrade tasks that send them. */
export function createFirmwareService(deps: Deps, onQueued: () => void = () => {}) {
  const { db } = deps.database;

  async function upload(
    ctx: UserContext,
    kind: 'meter' | 'concentrator',
    file: { name: string; buf: Buffer },
  ) {
    const fileName = baseName(file.name);
    if (!/\.bin$/i.test(fileName)) throw refuse('Only firmware images can be uploaded (.bin)');
    if (file.buf.length === 0) throw refuse('The firmware image is empty');
    const sha256 = createHash('sha256').update(file.buf).digest('hex');
    const stored = { fileName, kind, size: file.buf.length, sha256, stationId: ctx.user.stationId };
    return db.transaction(async (tx) => {
      const fresh = await insertFile(tx, { ...stored, bytes: file.buf, createId: ctx.user.userId });
      if (!fresh) throw refuse(`Firmware file ${fileName} already exists`);
      await writeAudit(tx, ctx.actor, { title: 'Firmware', action: 'Upload', after: stored });
      return fileName;
    });
  }

  /** Queues one standby task per meter (all or nothing, audited); the file must be a meter image. */
  async function createTasks(ctx: UserContext, lines: FirmwareTaskLine[]): Promise<FirmwareTaskRow[]> {
    const ids = lines.map((l) => l.meterId);
    if (new Set(ids).size !== ids.length) throw refuse('The request has duplicate lines');
    const rows = await db.transaction(async (tx) => {
      const out: FirmwareTaskRow[] = [];
      for (const l of lines) {
        const stationId = await meterStation(tx, l.meterId);
        if (!stationId || (!ctx.user.isSystemAdmin && stationId !== ctx.user.stationId)) {
          throw refuse(`Meter ${l.meterId} not found`);
        }
        const file = await fileNamed(tx, l.fileName);
        if (file?.kind !== 'meter') throw refuse(`Firmware file ${l.fileName} not found`);
        const id = await insertTask(tx, {
          meterId: l.meterId,
          fileName: l.fileName,
          stationId,
          createId: ctx.user.userId,
        });
        const row = await taskById(tx, id);
        if (row) out.push(toTaskRow(row));
      }
      await writeAudit(tx, ctx.actor, { title: 'UpdateFirmwareTask', action: 'Create', after: out });
      return out;
    });
    onQueued();
    return rows;
  }

  /** A task whose meter could not be reached (no association): failed with the reason. */
  async function failTask(id: number, reason: string): Promise<FirmwareTaskRow> {
    await updateTask(db, id, { status: TASK.failure, reason, updateDate: deps.clock.now(), updateId: null });
    const row = await taskById(db, id);
    if (!row) throw refuse(`Firmware task ${id} not found`);
    return toTaskRow(row);
  }

  return {
    upload,
    createTasks,
    failTask,
    runTask: taskRunner(deps),
    readTasks: async (b: FirmwareTaskReadRequest, user: SessionUser) => {
      const { total, rows } = await readTasks(db, b, user);
      return { total, data: rows.map(toTaskRow) };
    },
  };
}

export type FirmwareService = ReturnType<typeof createFirmwareService>;
