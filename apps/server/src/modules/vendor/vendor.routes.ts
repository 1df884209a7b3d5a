import { VENDOR_API, VENDOR_PATHS } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { type RouteDef, routeGroup } from '../../http/route.js';
import { tableRoutes } from '../../http/table-routes.js';
import { exportRoute } from '../meter-data/index.js';
import type { VendorService } from './vendor.service.js';

const tag = 'Vendor';

/** The vendor table, its download, the machine secret, the float and its statement (with its download). */
export function vendorRoutes(deps: Deps, vendors: VendorService): RouteDef[] {
  const route = routeGroup({ tag });
  return [
    ...tableRoutes(vendors, {
      endpoints: VENDOR_API,
      tag,
      what: 'vendors',
      summaries: { Delete: 'Delete vendors whose float never moved' },
    }),
    route(VENDOR_API.credential, "Issue or rotate a vendor's machine secret (answered once)", (req, ctx) =>
      vendors.credential(ctx, req),
    ),
    route(VENDOR_API.float, "Top up or adjust a vendor's float (authorization password)", (req, ctx) =>
      vendors.float(ctx, req),
    ),
    route(VENDOR_API.statement, "A vendor's float ledger", (req, ctx) => vendors.statement(req, ctx.user)),
    exportRoute(deps, {
      path: VENDOR_PATHS.export,
      permission: VENDOR_API.read.permission,
      title: 'Vendors',
      body: VENDOR_API.read.request,
      columns: [
        'vendorId',
        'vendorName',
        'vendorKind',
        'clientId',
        'terminalId',
        'enabled',
        'balance',
        'creditLimit',
        'available',
        'commissionRate',
        'dailyLimit',
      ],
      read: (req, ctx) => vendors.read(req, ctx.user),
    }),
    exportRoute(deps, {
      path: VENDOR_PATHS.statementExport,
      permission: VENDOR_API.statement.permission,
      title: 'Vendor Statement',
      body: VENDOR_API.statement.request,
      columns: [
        'id',
        'vendorId',
        'movementKind',
        'amount',
        'balanceAfter',
        'commission',
        'messageId',
        'remark',
        'createId',
        'createDate',
      ],
      read: (req, ctx) => vendors.statement(req, ctx.user),
    }),
  ];
}
