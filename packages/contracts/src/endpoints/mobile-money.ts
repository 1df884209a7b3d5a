/** Mobile-money payments (their queue and its resolution) and the SMS log. */
import { MOBILE_PAYMENT_PATHS, SMS_PATHS } from '../api-paths.js';
import { page } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import {
  MobilePaymentReadRequest,
  MobilePaymentResolveRequest,
  MobilePaymentRow,
  SmsReadRequest,
  SmsRow,
} from '../mobile-money.js';

export const MOBILE_PAYMENT_API = {
  read: defineEndpoint({
    path: MOBILE_PAYMENT_PATHS.read,
    request: MobilePaymentReadRequest,
    result: page(MobilePaymentRow),
    permission: 'Channel.MobilePayment',
  }),
  resolve: defineEndpoint({
    path: MOBILE_PAYMENT_PATHS.resolve,
    request: MobilePaymentResolveRequest,
    result: MobilePaymentRow,
    permission: 'Channel.MobilePayment',
  }),
};

export const SMS_API = {
  read: defineEndpoint({
    path: SMS_PATHS.read,
    request: SmsReadRequest,
    result: page(SmsRow),
    permission: 'Channel.SmsLog',
  }),
};
