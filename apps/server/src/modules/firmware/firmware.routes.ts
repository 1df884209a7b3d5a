import { FIRMWARE_API, FIRMWARE_UPLOAD } from '@prepay/contracts';
import { defineRoute, defineUploadRoute, type RouteDef } from '../../http/route.js';
import type { FirmwareService } from './firmware.service.js';

export function firmwareRoutes(firmware: FirmwareService): RouteDef[] {
  const upload = (
    endpoint: typeof FIRMWARE_UPLOAD.uploadBin,
    kind: 'meter' | 'concentrator',
    summary: string,
  ) =>
    defineUploadRoute({
      endpoint,
      tag: 'File',
      summary,
      what: 'file',
      handler: (file, ctx) => firmware.upload(ctx, kind, file),
    });
  return [
    upload(FIRMWARE_UPLOAD.upload, 'meter', 'Upload a meter firmware image (.bin, at most 2 MB)'),
    upload(FIRMWARE_UPLOAD.uploadBin, 'meter', 'Upload a meter firmware image (.bin, at most 2 MB)'),
    upload(
      FIRMWARE_UPLOAD.concentratorUploadBin,
      'concentrator',
      'Upload a concentrator firmware image (.bin, at most 2 MB)',
    ),
    defineRoute({
      endpoint: FIRMWARE_API.createTask,
      tag: 'UpdateFirmwareTask',
      summary: 'Queue firmware upgrades (image transfer), one task per meter',
      handler: (b, ctx) => firmware.createTasks(ctx, b),
    }),
    defineRoute({
      endpoint: FIRMWARE_API.getTask,
      tag: 'UpdateFirmwareTask',
      summary: 'Firmware upgrade tasks with their progress',
      handler: (b, ctx) => firmware.readTasks(b, ctx.user),
    }),
  ];
}
