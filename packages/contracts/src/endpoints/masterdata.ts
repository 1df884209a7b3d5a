/** The master-data tables (Management and Setting pages) and their extra calls. */
import { z } from 'zod';
import { AccountDeleteRequest, AccountReadRequest, AccountRequest, AccountRow } from '../account.js';
import {
  ACCOUNT_PATHS,
  CUSTOMER_PATHS,
  DEBT_PATHS,
  DLT645_PATHS,
  GATEWAY_PATHS,
  IMAGE_PATHS,
  ITEM_PATHS,
  KEYSTORE_PATHS,
  LOG_PATHS,
  METER_PATHS,
  ROLE_PATHS,
  STATION_PATHS,
  TARIFF_PATHS,
} from '../api-paths.js';
import { page, writeBody } from '../common.js';
import { CustomerDeleteRequest, CustomerReadRequest, CustomerRequest, CustomerRow } from '../customer.js';
import { DebtDeleteRequest, DebtReadRequest, DebtRequest, DebtRow } from '../debt.js';
import {
  DLMS_PATHS,
  DLMS_TREE_PATH,
  DlmsDeleteRequest,
  DlmsReadRequest,
  DlmsRequest,
  DlmsRow,
} from '../dlms.js';
import {
  DLT645_TREE_PATH,
  Dlt645DeleteRequest,
  Dlt645ReadRequest,
  Dlt645Request,
  Dlt645Row,
  Dlt645TreeNode,
  Dlt645TreeRequest,
} from '../dlt645.js';
import {
  defineEndpoint,
  EmptyBody,
  type TablePaths,
  type TableSchemas,
  tableEndpoints,
} from '../endpoint.js';
import { GatewayDeleteRequest, GatewayReadRequest, GatewayRow, GatewayWriteRequest } from '../gateway.js';
import { ImageDeleteRequest, ImageRow } from '../image.js';
import {
  ItemDeleteRequest,
  ItemListRequest,
  ItemListRow,
  ItemReadRequest,
  ItemRequest,
  ItemRow,
} from '../item.js';
import {
  TransportKeyRow,
  VendingKeyExpiryRequest,
  VendingKeyGenerateRequest,
  VendingKeyImportRequest,
  VendingKeyRef,
  VendingKeyRequest,
  VendingKeyRow,
} from '../keystore.js';
import { LogReadRequest, LogRow } from '../log.js';
import { MeterDeleteRequest, MeterReadRequest, MeterRow, MeterWriteRequest } from '../meter.js';
import { AUTHENTICATED, PermissionGroups } from '../permissions.js';
import { TASK_ROUTES } from '../remote-task.js';
import { RoleData, RoleDeleteRequest, RoleReadRequest, RoleRequest, RoleRow } from '../role.js';
import { StationDeleteRequest, StationReadRequest, StationRequest, StationRow } from '../station.js';
import { TariffCreateRequest, TariffDeleteRequest, TariffReadRequest, TariffRow } from '../tariff.js';

export const ACCOUNT_API = tableEndpoints(
  ACCOUNT_PATHS,
  { row: AccountRow, read: AccountReadRequest, line: AccountRequest, key: AccountDeleteRequest },
  'Management.Account',
  // Every Token Generate page lists accounts: a cashier holding only Token.CreditToken must see them.
  // The vending pages pick a meter's account; the meter test token page does not (it lists no accounts).
  ['Management.Account', ...PermissionGroups.Token.filter((k) => k !== 'Token.MeterTestToken')],
);

export const CUSTOMER_API = tableEndpoints(
  CUSTOMER_PATHS,
  { row: CustomerRow, read: CustomerReadRequest, line: CustomerRequest, key: CustomerDeleteRequest },
  'Management.Customer',
  // The account and debt forms pick customers.
  ['Management.Customer', 'Management.Account', 'Management.Debt'],
);

export const METER_API = {
  ...tableEndpoints(
    METER_PATHS,
    { row: MeterRow, read: MeterReadRequest, line: MeterWriteRequest, key: MeterDeleteRequest },
    'Management.Meter',
  ),
  /** Meters no account binds yet: the account form picks one. */
  readUnused: defineEndpoint({
    path: METER_PATHS.readUnused,
    request: MeterReadRequest,
    result: page(MeterRow),
    permission: ['Management.Meter', 'Management.Account'],
  }),
};

export const GATEWAY_API = tableEndpoints(
  GATEWAY_PATHS,
  { row: GatewayRow, read: GatewayReadRequest, line: GatewayWriteRequest, key: GatewayDeleteRequest },
  'Management.Gateway',
);

export const TARIFF_API = tableEndpoints(
  TARIFF_PATHS,
  { row: TariffRow, read: TariffReadRequest, line: TariffCreateRequest, key: TariffDeleteRequest },
  'Management.Tariff',
  // The account form picks a tariff.
  ['Management.Tariff', 'Management.Account'],
);

export const DEBT_API = tableEndpoints(
  DEBT_PATHS,
  { row: DebtRow, read: DebtReadRequest, line: DebtRequest, key: DebtDeleteRequest },
  'Management.Debt',
);

export const STATION_API = tableEndpoints(
  STATION_PATHS,
  { row: StationRow, read: StationReadRequest, line: StationRequest, key: StationDeleteRequest },
  'Setting.Station',
  // Every page with a station filter looks stations up; scoping limits what a station user sees.
  AUTHENTICATED,
);

export const ROLE_API = {
  ...tableEndpoints(
    ROLE_PATHS,
    { row: RoleRow, read: RoleReadRequest, line: RoleRequest, key: RoleDeleteRequest },
    'Setting.Role',
    // The user page picks roles too.
    ['Setting.Role', 'Setting.User'],
  ),
  /** Keys the role editor hides. */
  readDataRole: defineEndpoint({
    path: ROLE_PATHS.readDataRole,
    request: RoleReadRequest.partial(),
    result: RoleData,
    permission: 'Setting.Role',
  }),
};

/** Picking a data item is part of creating a task: every task-creating role may read the catalogue. */
const DATA_ITEM_PICKERS = [
  'Setting.Item',
  TASK_ROUTES.reading.createKey,
  TASK_ROUTES.setting.createKey,
  TASK_ROUTES.control.createKey,
  TASK_ROUTES.token.createKey,
] as const;

/** A data-item catalogue's endpoints: its table in the data dictionary, and its items as the pickers' tree. */
function catalogueEndpoints<
  Row extends z.ZodType,
  Read extends z.ZodType,
  Line extends z.ZodType,
  Key extends z.ZodType,
>(paths: TablePaths, schemas: TableSchemas<Row, Read, Line, Key>, treePath: string) {
  return {
    ...tableEndpoints(paths, schemas, 'Setting.Item', DATA_ITEM_PICKERS),
    tree: defineEndpoint({
      path: treePath,
      request: Dlt645TreeRequest,
      result: z.array(Dlt645TreeNode),
      permission: DATA_ITEM_PICKERS,
    }),
  };
}

/** The DL/T 645 data-item catalogue is part of the data dictionary (Setting → Item). */
export const DLT645_API = catalogueEndpoints(
  DLT645_PATHS,
  { row: Dlt645Row, read: Dlt645ReadRequest, line: Dlt645Request, key: Dlt645DeleteRequest },
  DLT645_TREE_PATH,
);

/** The DLMS/COSEM data-item catalogue: the same dictionary, for meters that speak DLMS. */
export const DLMS_API = catalogueEndpoints(
  DLMS_PATHS,
  { row: DlmsRow, read: DlmsReadRequest, line: DlmsRequest, key: DlmsDeleteRequest },
  DLMS_TREE_PATH,
);

export const ITEM_API = {
  ...tableEndpoints(
    ITEM_PATHS,
    { row: ItemRow, read: ItemReadRequest, line: ItemRequest, key: ItemDeleteRequest },
    'Setting.Item',
  ),
  /** Drop-down labels (currency, payment methods, event codes) that many pages show. */
  readList: defineEndpoint({
    path: ITEM_PATHS.readList,
    request: ItemListRequest,
    result: z.array(ItemListRow),
    permission: AUTHENTICATED,
  }),
};

const imageRows = z.array(ImageRow);
/** Setting → Image: every call answers both slots' rows (the upload is a file route). */
export const IMAGE_API = {
  read: defineEndpoint({
    path: IMAGE_PATHS.read,
    request: EmptyBody,
    result: imageRows,
    permission: 'Setting.Image',
  }),
  delete: defineEndpoint({
    path: IMAGE_PATHS.delete,
    request: writeBody(ImageDeleteRequest),
    result: imageRows,
    permission: 'Setting.Image',
  }),
};

const keyRows = z.array(VendingKeyRow);
/** The vending keys: every call answers the key list, as rows that never carry a key. */
export const KEYSTORE_API = {
  read: defineEndpoint({
    path: KEYSTORE_PATHS.read,
    request: EmptyBody,
    result: keyRows,
    permission: 'Setting.VendingKey',
  }),
  create: defineEndpoint({
    path: KEYSTORE_PATHS.create,
    request: writeBody(VendingKeyRequest),
    result: keyRows,
    permission: 'Setting.VendingKey',
  }),
  generate: defineEndpoint({
    path: KEYSTORE_PATHS.generate,
    request: writeBody(VendingKeyGenerateRequest),
    result: keyRows,
    permission: 'Setting.VendingKey',
  }),
  delete: defineEndpoint({
    path: KEYSTORE_PATHS.delete,
    request: writeBody(VendingKeyRef),
    result: keyRows,
    permission: 'Setting.VendingKey',
  }),
  setExpiry: defineEndpoint({
    path: KEYSTORE_PATHS.setExpiry,
    request: writeBody(VendingKeyExpiryRequest),
    result: keyRows,
    permission: 'Setting.VendingKey',
  }),
  importWrapped: defineEndpoint({
    path: KEYSTORE_PATHS.importWrapped,
    request: writeBody(VendingKeyImportRequest),
    result: keyRows,
    permission: 'Setting.VendingKey',
  }),
  transportKeys: defineEndpoint({
    path: KEYSTORE_PATHS.transportKeys,
    request: EmptyBody,
    result: z.array(TransportKeyRow),
    permission: 'Setting.VendingKey',
  }),
  generateTransportKey: defineEndpoint({
    path: KEYSTORE_PATHS.generateTransportKey,
    request: EmptyBody,
    result: TransportKeyRow,
    permission: 'Setting.VendingKey',
  }),
};

export const LOG_API = {
  read: defineEndpoint({
    path: LOG_PATHS.read,
    request: LogReadRequest,
    result: page(LogRow),
    permission: 'Setting.Log',
  }),
};
