import { MOBILE_PAYMENT_API, type MobilePaymentResolveRequest } from '@prepay/contracts';
import { call } from '../../lib/call';

/** An operator's resolution of a queued payment (refund, or assign to a meter and sell). */
export const resolvePayment = (body: MobilePaymentResolveRequest) => call(MOBILE_PAYMENT_API.resolve, body);
