import {
  FIRMWARE_API,
  FIRMWARE_UPLOAD,
  LOAD_PROFILE_API,
  type LoadProfileReadRequest,
} from '@prepay/contracts';
import { call } from '../../lib/call';
import { uploadFile } from '../../lib/file-request';
import type { Curve } from './load-profile';

/** One page of a load-profile curve's readings. */
export const readCurve = (curve: Curve, body: LoadProfileReadRequest) => call(LOAD_PROFILE_API[curve], body);

/** Sends a meter firmware image; answers the stored file name a task then names. */
export const uploadImage = (file: File) => uploadFile<string>(FIRMWARE_UPLOAD.uploadBin.path, file);

/** Queues one upgrade task per meter, all naming the same image. */
export const createFirmwareTasks = (meterIds: string[], fileName: string) =>
  call(
    FIRMWARE_API.createTask,
    meterIds.map((meterId) => ({ meterId, fileName })),
  );
