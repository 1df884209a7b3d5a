/** Firmware upgrades: image uploads (.bin) and per-meter update tasks by image transfer. */
import { z } from 'zod';
import { AccountCustomerColumns } from './account.js';
import { IdFilter, page, ReadRequestBase, StampedAuditFields, TextFilter, writeBody } from './common.js';
import { defineEndpoint, defineUpload } from './endpoint.js';

/** A firmware image is at most 2 MB (the original's limit). */
export const FIRMWARE_MAX_BYTES = 2 * 1024 * 1024;

export const FIRMWARE_PATHS = {
  upload: '/API/File/Upload',
  uploadBin: '/API/File/UploadBin',
  concentratorUploadBin: '/API/File/ConcentratorUploadBin',
  createTask: '/API/UpdateFirmwareTask/CreateUpdateFirmwareTask',
  getTask: '/API/UpdateFirmwareTask/GetUpdateFirmwareTask',
} as const;

const FIRMWARE = ['RemoteMeterTask.CreateControlTask', 'RemoteMeterTask.CreateUpdateFirmwareTask'] as const;

/** Task states as the remote tasks have them: 0 standby, 3 running, 1 success, 2 failure. */
export const FirmwareTaskStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const FirmwareTaskReadRequest = ReadRequestBase.extend({
  customerId: IdFilter,
  customerName: TextFilter,
  meterId: IdFilter,
  status: FirmwareTaskStatus.nullish(),
  fileName: TextFilter,
  remark: TextFilter,
});
export type FirmwareTaskReadRequest = z.infer<typeof FirmwareTaskReadRequest>;

export const FirmwareTaskLine = z.object({
  meterId: z.string().min(1).max(64),
  fileName: z.string().min(1).max(200),
  stationId: IdFilter,
});
export type FirmwareTaskLine = z.infer<typeof FirmwareTaskLine>;

/** One meter's upgrade; `blocksDone` of `blockCount` is its progress, `reason` why it failed. */
export const FirmwareTaskRow = z.object({
  ...StampedAuditFields,
  id: z.number().int(),
  ...AccountCustomerColumns,
  meterId: z.string(),
  status: FirmwareTaskStatus,
  fileName: z.string(),
  stationId: z.string(),
  blocksDone: z.number().int(),
  blockCount: z.number().int(),
  reason: z.string().nullable(),
});
export type FirmwareTaskRow = z.infer<typeof FirmwareTaskRow>;

const upload = (path: string) =>
  defineUpload({ path, maxBytes: FIRMWARE_MAX_BYTES, result: z.string(), permission: FIRMWARE });

/** The uploads answer the stored file's name, which a task then names. */
export const FIRMWARE_UPLOAD = {
  upload: upload(FIRMWARE_PATHS.upload),
  uploadBin: upload(FIRMWARE_PATHS.uploadBin),
  concentratorUploadBin: upload(FIRMWARE_PATHS.concentratorUploadBin),
};

export const FIRMWARE_API = {
  createTask: defineEndpoint({
    path: FIRMWARE_PATHS.createTask,
    request: writeBody(FirmwareTaskLine),
    result: z.array(FirmwareTaskRow),
    permission: FIRMWARE,
  }),
  getTask: defineEndpoint({
    path: FIRMWARE_PATHS.getTask,
    request: FirmwareTaskReadRequest,
    result: page(FirmwareTaskRow),
    permission: FIRMWARE,
  }),
};
