import { CHANNEL_API, type RequestOf, VENDOR_API } from '@prepay/contracts';
import { call } from '../../lib/call';

/** Issues or rotates a vendor's machine secret: the answer holds it, once. */
export const issueCredential = (body: RequestOf<typeof VENDOR_API.credential>) =>
  call(VENDOR_API.credential, body);

/** A top-up or an adjustment of a vendor's float; answers the vendor row after it. */
export const moveFloat = (body: RequestOf<typeof VENDOR_API.float>) => call(VENDOR_API.float, body);

/** A channel purchase's history: its sale, advices, retries and reprints. */
export const readAdvices = (vendorId: string, messageId: string) =>
  call(CHANNEL_API.advices, { vendorId, messageId });
