import { COLLECTION_API, type RequestOf } from '@prepay/contracts';
import { call } from '../../lib/call';

/** Queues the re-collection of a meter's days or months. */
export const recollect = (body: RequestOf<typeof COLLECTION_API.recollect>) =>
  call(COLLECTION_API.recollect, body);
