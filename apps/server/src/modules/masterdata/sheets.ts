import {
  AccountReadRequest,
  AccountRequest,
  CustomerReadRequest,
  CustomerRequest,
  DebtReadRequest,
  DebtRequest,
  type FileModule,
  GatewayReadRequest,
  GatewayWriteRequest,
  ItemReadRequest,
  ItemRequest,
  MeterReadRequest,
  MeterWriteRequest,
  type PermissionKey,
  TariffCreateRequest,
  TariffReadRequest,
  type TariffStep,
} from '@prepay/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import type { AuthedContext, SessionUser } from '../../http/route.js';
import { readAccounts } from '../account/account.repo.js';
import type { AccountService } from '../account/account.service.js';
import { readCustomers } from '../customer/customer.repo.js';
import type { CustomerService } from '../customer/customer.service.js';
import { readDebts } from '../debt/debt.repo.js';
import type { DebtService } from '../debt/debt.service.js';
import { readGateways } from '../gateway/gateway.repo.js';
import type { GatewayService } from '../gateway/gateway.service.js';
import { readItems } from '../item/item.repo.js';
import type { ItemService } from '../item/item.service.js';
import { readMeters } from '../meter/meter.repo.js';
import type { MeterService } from '../meter/meter.service.js';
import { readTariffs } from '../tariff/tariff.repo.js';
import type { TariffService } from '../tariff/tariff.service.js';
import type { RowLabels } from './rows.js';

/** How a spreadsheet cell becomes a body field. */
export type ColumnKind = 'text' | 'int' | 'number' | 'money' | 'date' | 'steps' | 'digits6' | 'digits2';

export interface ImportColumn {
  key: string;
  kind: ColumnKind;
  note: string;
  /** Title keys (export-labels.ts) the console shows for it; the column is found by any of them. */
  titles?: string[];
  /**
   * Coded values: the dictionary of their names (export-labels.ts, or the item table: dictionaries.ts);
   * a cell holds a code or a name.
   */
  values?: string;
}

export interface SheetModule {
  module: FileModule;
  title: string;
  /** The module's write key (import, template) and read key (export). */
  writePermission: PermissionKey;
  readPermission: PermissionKey;
  columns: ImportColumn[];
  rowSchema: z.ZodType;
  keyOf(row: Record<string, unknown>): string;
  /** Rows that passed `rowSchema` (parseImportFile checks each). */
  importRows(ctx: AuthedContext, rows: unknown[], labels: RowLabels): Promise<unknown[]>;
  readSchema: z.ZodType;
  /** A body that passed `readSchema` (the export route checks it). */
  read(
    q: Queryable,
    body: unknown,
    user: SessionUser,
    now: Date,
  ): Promise<{ total: number; data: unknown[] }>;
  exportColumns: string[];
  /** Export columns titled or coded by another key than their own (e.g. a meter's `type`). */
  exportAs?: Record<string, { title?: string; values?: string }>;
}

/** A module as written below: its rows and read body typed by its own schemas. */
interface TypedSheetModule<W extends z.ZodType, R extends z.ZodType>
  extends Omit<SheetModule, 'rowSchema' | 'importRows' | 'readSchema' | 'read'> {
  rowSchema: W;
  importRows(ctx: AuthedContext, rows: z.infer<W>[], labels: RowLabels): Promise<unknown[]>;
  readSchema: R;
  read(
    q: Queryable,
    body: z.infer<R>,
    user: SessionUser,
    now: Date,
  ): Promise<{ total: number; data: unknown[] }>;
}

/** Every row and body reaching these functions has been parsed by the schema next to it. */
function sheet<W extends z.ZodType, R extends z.ZodType>(def: TypedSheetModule<W, R>): SheetModule {
  return {
    ...def,
    importRows: (ctx, rows, labels) => def.importRows(ctx, rows as z.infer<W>[], labels),
    read: (q, body, user, now) => def.read(q, body as z.infer<R>, user, now),
  };
}

const audit = ['remark', 'createId', 'createDate', 'updateId', 'updateDate'];

/** Tariff steps in one cell: "0-100:3.50; 100-200:4.00; 200-:5.00" (kWh from-to : price per kWh). */
export function formatSteps(steps: TariffStep[] | null | undefined): string {
  return (steps ?? []).map((s) => `${s.start}-${s.end ?? ''}:${s.price}`).join('; ');
}

export interface Services {
  gateway: GatewayService;
  meter: MeterService;
  customer: CustomerService;
  tariff: TariffService;
  debt: DebtService;
  account: AccountService;
  item: ItemService;
}

const stationNote = 'Station id; empty = your station';

function gatewaySheet(service: GatewayService): SheetModule {
  return sheet({
    module: 'gateway',
    title: 'Gateway',
    writePermission: 'Management.Gateway',
    readPermission: 'Management.Gateway',
    columns: [
      { key: 'gatewayId', kind: 'text', note: 'EUI-64, e.g. E4-38-19-FF-FE-00-00-01 (required)' },
      { key: 'gatewayName', kind: 'text', note: 'Name' },
      { key: 'stationId', kind: 'text', note: stationNote },
      { key: 'remark', kind: 'text', note: 'Remark' },
    ],
    rowSchema: GatewayWriteRequest,
    keyOf: (r) => String(r.gatewayId ?? '').toUpperCase(),
    importRows: (ctx, rows, labels) => service.write(ctx, rows, 'Import', labels),
    readSchema: GatewayReadRequest,
    read: (q, b, u) => readGateways(q, b, u),
    exportColumns: ['gatewayId', 'gatewayName', 'status', 'successRate', 'lastSeen', 'stationId', ...audit],
    exportAs: { status: { values: 'gatewayStatus' } },
  });
}

// The decoder key is never exported: only whether one is stored.
const METER_EXPORT = [
  'meterId',
  'type',
  'isThreePhase',
  'communicationWay',
  'devEui',
  'protocolVersion',
  'lng',
  'lat',
  'status',
  'ea',
  'baseYear',
  'sgc',
  'krn',
  'ken',
  'ti',
  'kt',
  'baseYearNew',
  'sgcNew',
  'krnNew',
  'kenNew',
  'tiNew',
  'ktNew',
  'hasDecoderKey',
  'stationId',
  ...audit,
];

function meterSheet(service: MeterService): SheetModule {
  return sheet({
    module: 'meter',
    title: 'Meter',
    writePermission: 'Management.Meter',
    readPermission: 'Management.Meter',
    columns: [
      {
        key: 'meterId',
        kind: 'text',
        note: 'Meter number (required); 11/13 digits for STS key derivation',
      },
      {
        key: 'type',
        kind: 'int',
        note: '0 or Electricity, 1 or Water, 2 or Gas',
        titles: ['type', 'meterType'],
        values: 'meterType',
      },
      {
        key: 'isThreePhase',
        kind: 'int',
        note: '0 or Single-phase meter, 1 or Three-phase meter, 2 or CT meter',
        values: 'isThreePhase',
      },
      {
        key: 'communicationWay',
        kind: 'int',
        note: '0 or GPRS, 1 or LoRaWAN',
        values: 'communicationWay',
      },
      { key: 'devEui', kind: 'text', note: 'LoRaWAN DevEUI, 16 hex digits' },
      { key: 'protocolVersion', kind: 'text', note: 'e.g. 2.2' },
      { key: 'lng', kind: 'number', note: 'Longitude' },
      { key: 'lat', kind: 'number', note: 'Latitude' },
      { key: 'ea', kind: 'digits2', note: '07 (STA, 16-hex key) or 11 (MISTY1, 32-hex key)' },
      { key: 'baseYear', kind: 'int', note: '1993, 2014 or 2035' },
      { key: 'sgc', kind: 'digits6', note: 'Supply group code, 6 digits' },
      { key: 'krn', kind: 'int', note: 'Key revision 1–9' },
      { key: 'ken', kind: 'int', note: 'Key expiry number 0–255' },
      { key: 'ti', kind: 'int', note: 'Tariff index 0–99' },
      { key: 'kt', kind: 'int', note: 'Key type 0–3 (2 = unique)' },
      { key: 'baseYearNew', kind: 'int', note: 'New base year (key change)' },
      { key: 'sgcNew', kind: 'digits6', note: 'New SGC' },
      { key: 'krnNew', kind: 'int', note: 'New KRN' },
      { key: 'kenNew', kind: 'int', note: 'New KEN' },
      { key: 'tiNew', kind: 'int', note: 'New TI' },
      { key: 'ktNew', kind: 'int', note: 'New KT' },
      {
        key: 'decoderKey',
        kind: 'text',
        note: 'Decoder key, hex (write-only); empty = derived from the vending key of the SGC/KRN',
      },
      { key: 'stationId', kind: 'text', note: stationNote },
      { key: 'remark', kind: 'text', note: 'Remark' },
    ],
    rowSchema: MeterWriteRequest,
    keyOf: (r) => String(r.meterId ?? ''),
    importRows: (ctx, rows, labels) => service.write(ctx, rows, 'Import', labels),
    readSchema: MeterReadRequest,
    read: (q, b, u) => readMeters(q, b, u),
    exportColumns: METER_EXPORT,
    exportAs: { type: { title: 'meterType', values: 'meterType' }, status: { values: 'meterStatus' } },
  });
}

function customerSheet(service: CustomerService): SheetModule {
  return sheet({
    module: 'customer',
    title: 'Customer',
    writePermission: 'Management.Customer',
    readPermission: 'Management.Customer',
    columns: [
      { key: 'customerId', kind: 'text', note: 'Customer id (required)' },
      { key: 'customerName', kind: 'text', note: 'Name (required)' },
      {
        key: 'type',
        kind: 'int',
        note: 'Customer type: a code or its name in the item dictionary (Customer Type), 0 by default',
        titles: ['type', 'customerType'],
        values: 'customerType',
      },
      { key: 'phone', kind: 'text', note: 'Phone' },
      { key: 'address', kind: 'text', note: 'Address' },
      { key: 'certifiName', kind: 'text', note: 'Certificate name (e.g. National ID)' },
      { key: 'certifiNo', kind: 'text', note: 'Certificate number' },
      { key: 'stationId', kind: 'text', note: stationNote },
      { key: 'remark', kind: 'text', note: 'Remark' },
    ],
    rowSchema: CustomerRequest,
    keyOf: (r) => String(r.customerId ?? ''),
    importRows: (ctx, rows, labels) => service.write(ctx, rows, 'Import', labels),
    readSchema: CustomerReadRequest,
    read: (q, b, u) => readCustomers(q, b, u),
    exportColumns: [
      'customerId',
      'customerName',
      'type',
      'phone',
      'address',
      'certifiName',
      'certifiNo',
      'stationId',
      ...audit,
    ],
    exportAs: { type: { title: 'customerType', values: 'customerType' } },
  });
}

function tariffSheet(service: TariffService): SheetModule {
  return sheet({
    module: 'tariff',
    title: 'Tariff',
    writePermission: 'Management.Tariff',
    readPermission: 'Management.Tariff',
    columns: [
      { key: 'tariffId', kind: 'text', note: 'Tariff id (required)' },
      { key: 'tariffName', kind: 'text', note: 'Name (required)' },
      { key: 'price', kind: 'money', note: 'Price per kWh, 2 decimals (required)' },
      { key: 'tax', kind: 'money', note: 'VAT %' },
      { key: 'steps', kind: 'steps', note: 'Blocks "from-to:price; …", e.g. 0-50:2.50; 50-:3.00' },
      { key: 'monthlyCharge', kind: 'money', note: 'Fixed charge per billing period' },
      { key: 'billingDay', kind: 'int', note: 'Day of month 1–28' },
      { key: 'startTime', kind: 'date', note: 'yyyy-MM-dd HH:mm:ss' },
      { key: 'startTime_New', kind: 'date', note: 'Passive tariff start' },
      { key: 'price_New', kind: 'money', note: 'Passive price' },
      { key: 'tax_New', kind: 'money', note: 'Passive VAT %' },
      { key: 'steps_New', kind: 'steps', note: 'Passive blocks' },
      { key: 'monthlyCharge_New', kind: 'money', note: 'Passive monthly charge' },
      { key: 'billingDay_New', kind: 'int', note: 'Passive billing day' },
      { key: 'stationId', kind: 'text', note: stationNote },
      { key: 'remark', kind: 'text', note: 'Remark' },
    ],
    rowSchema: TariffCreateRequest,
    keyOf: (r) => String(r.tariffId ?? ''),
    importRows: (ctx, rows, labels) => service.write(ctx, rows, 'Import', labels),
    readSchema: TariffReadRequest,
    read: (q, b, u, now) => readTariffs(q, b, u, now),
    exportColumns: [
      'tariffId',
      'tariffName',
      'price',
      'tax',
      'steps',
      'monthlyCharge',
      'billingDay',
      'startTime',
      'startTime_New',
      'price_New',
      'tax_New',
      'steps_New',
      'monthlyCharge_New',
      'billingDay_New',
      'stationId',
      ...audit,
    ],
  });
}

function debtSheet(service: DebtService): SheetModule {
  return sheet({
    module: 'debt',
    title: 'Debt',
    writePermission: 'Management.Debt',
    readPermission: 'Management.Debt',
    columns: [
      { key: 'customerId', kind: 'text', note: 'Customer id (required)' },
      { key: 'totalDebt', kind: 'money', note: 'Total debt, 2 decimals (required)' },
      { key: 'remark', kind: 'text', note: 'Remark' },
    ],
    rowSchema: DebtRequest,
    keyOf: (r) => String(r.customerId ?? ''),
    importRows: (ctx, rows, labels) => service.write(ctx, rows, 'Import', labels),
    readSchema: DebtReadRequest,
    read: (q, b, u) => readDebts(q, b, u),
    exportColumns: [
      'customerId',
      'customerName',
      'totalDebt',
      'remainingDebt',
      'payDebt',
      'stationId',
      ...audit,
    ],
  });
}

function accountSheet(service: AccountService): SheetModule {
  return sheet({
    module: 'account',
    title: 'Account',
    writePermission: 'Management.Account',
    readPermission: 'Management.Account',
    columns: [
      { key: 'customerId', kind: 'text', note: 'Customer id (required)' },
      { key: 'meterId', kind: 'text', note: 'Meter id (required, not bound yet)' },
      { key: 'tariffId', kind: 'text', note: 'Tariff id (required)' },
      { key: 'ctRatio', kind: 'text', note: 'CT ratio, e.g. 100/5' },
      { key: 'stationId', kind: 'text', note: "Station id; empty = the customer's" },
      { key: 'remark', kind: 'text', note: 'Remark' },
    ],
    rowSchema: AccountRequest,
    keyOf: (r) => String(r.meterId ?? ''),
    importRows: (ctx, rows, labels) => service.write(ctx, rows, 'Import', labels),
    readSchema: AccountReadRequest,
    read: (q, b, u) => readAccounts(q, b, u),
    exportColumns: [
      'customerId',
      'customerName',
      'customerAddress',
      'meterId',
      'meterType',
      'protocolVersion',
      'communicationWay',
      'tariffId',
      'ctRatio',
      'stationId',
      ...audit,
    ],
  });
}

function itemSheet(service: ItemService): SheetModule {
  return sheet({
    module: 'item',
    title: 'Item',
    writePermission: 'Setting.Item',
    readPermission: 'Setting.Item',
    columns: [
      { key: 'itemType', kind: 'text', note: 'Type, e.g. BasicInformation (required)' },
      { key: 'itemName', kind: 'text', note: 'Name, e.g. Currency (required)' },
      { key: 'en', kind: 'text', note: 'English' },
      { key: 'ar', kind: 'text', note: 'Arabic' },
      { key: 'es', kind: 'text', note: 'Spanish' },
      { key: 'fr', kind: 'text', note: 'French' },
      { key: 'pt', kind: 'text', note: 'Portuguese' },
      { key: 'zh', kind: 'text', note: 'Chinese' },
      { key: 'remark', kind: 'text', note: 'Remark' },
    ],
    rowSchema: ItemRequest,
    keyOf: (r) => `${r.itemType ?? ''}/${r.itemName ?? ''}`,
    importRows: (ctx, rows, labels) => service.write(ctx, rows, 'Import', labels),
    readSchema: ItemReadRequest,
    read: (q, b, u) => readItems(q, b, u),
    exportColumns: ['itemType', 'itemName', 'en', 'ar', 'es', 'fr', 'pt', 'zh', ...audit],
  });
}

/** The sheets import and export know, in the order the console lists them. */
export function sheetModules(s: Services): SheetModule[] {
  return [
    gatewaySheet(s.gateway),
    meterSheet(s.meter),
    customerSheet(s.customer),
    tariffSheet(s.tariff),
    debtSheet(s.debt),
    accountSheet(s.account),
    itemSheet(s.item),
  ];
}
