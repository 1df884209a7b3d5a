import { CHANNEL_API, CHANNEL_PATHS } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { type RouteDef, routeGroup } from '../../http/route.js';
import { exportRoute } from '../meter-data/index.js';
import type { ChannelConsoleService } from './channel-console.service.js';

const tag = 'Channel';

/** The revenue office's reads of the channels: the sales with their advices, the reconciliation, their downloads. */
export function channelConsoleRoutes(deps: Deps, channel: ChannelConsoleService): RouteDef[] {
  const route = routeGroup({ tag });
  return [
    route(CHANNEL_API.transactions, 'Channel sales (a vendor reads its own only)', (req, ctx) =>
      channel.transactions(req, ctx.user),
    ),
    route(CHANNEL_API.advices, "A channel purchase's advices, retries and reprints", (req, ctx) =>
      channel.advices(req, ctx.user),
    ),
    route(CHANNEL_API.reconciliation, 'Daily reconciliation per vendor, from the float ledger', (req, ctx) =>
      channel.reconciliation(req, ctx.user),
    ),
    exportRoute(deps, {
      path: CHANNEL_PATHS.transactionsExport,
      permission: CHANNEL_API.transactions.permission,
      title: 'Channel Transactions',
      body: CHANNEL_API.transactions.request,
      columns: [
        'id',
        'vendorId',
        'vendorName',
        'messageId',
        'meterId',
        'stationId',
        'receiptId',
        'amount',
        'commission',
        'saleState',
        'confirmationId',
        'reversalId',
        'createDate',
        'updateDate',
      ],
      values: { saleState: 'channelSaleState' },
      read: (req, ctx) => channel.transactions(req, ctx.user),
    }),
    exportRoute(deps, {
      path: CHANNEL_PATHS.reconciliationExport,
      permission: CHANNEL_API.reconciliation.permission,
      title: 'Channel Reconciliation',
      body: CHANNEL_API.reconciliation.request,
      columns: [
        'day',
        'vendorId',
        'vendorName',
        'openingBalance',
        'topUps',
        'adjustments',
        'salesCount',
        'salesAmount',
        'reversalCount',
        'reversalAmount',
        'commission',
        'netSales',
        'netDue',
        'closingBalance',
      ],
      read: (req, ctx) => channel.reconciliation(req, ctx.user),
    }),
  ];
}
