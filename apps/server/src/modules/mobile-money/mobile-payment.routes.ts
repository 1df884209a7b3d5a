import { MOBILE_PAYMENT_API, MOBILE_PAYMENT_PATHS } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { type RouteDef, routeGroup } from '../../http/route.js';
import { exportRoute } from '../meter-data/index.js';
import type { MobileMoneyService } from './mobile-payment.service.js';

const tag = 'Mobile money';

/** The payments received by mobile money, their queue's resolution, and the download. */
export function mobilePaymentRoutes(deps: Deps, service: MobileMoneyService): RouteDef[] {
  const route = routeGroup({ tag });
  return [
    route(
      MOBILE_PAYMENT_API.read,
      'Mobile-money payments: sold, queued for an operator, resolved',
      (req, ctx) => service.read(req, ctx.user),
    ),
    route(
      MOBILE_PAYMENT_API.resolve,
      'Resolve a queued payment: refund it, or assign it to a meter and sell (authorization password)',
      (req, ctx) => service.resolve(ctx, req),
    ),
    exportRoute(deps, {
      path: MOBILE_PAYMENT_PATHS.export,
      permission: MOBILE_PAYMENT_API.read.permission,
      title: 'Mobile Payments',
      body: MOBILE_PAYMENT_API.read.request,
      columns: [
        'id',
        'vendorId',
        'transId',
        'transTime',
        'amount',
        'shortCode',
        'billRef',
        'msisdn',
        'payerName',
        'state',
        'queueReason',
        'meterId',
        'receiptId',
        'resolvedBy',
        'resolvedDate',
        'resolution',
        'createDate',
      ],
      read: (req, ctx) => service.read(req, ctx.user),
    }),
  ];
}
