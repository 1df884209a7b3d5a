import {
  AccountReadRequest,
  AccountRequest,
  ALL_PERMISSION_KEYS,
  CustomerReadRequest,
  CustomerRequest,
  DebtReadRequest,
  DebtRequest,
  FeederReadRequest,
  FeederWriteRequest,
  FILE_MODULES,
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
  TransformerReadRequest,
  TransformerWriteRequest,
} from '@prepay/contracts';
import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import type { AuthedContext, SessionUser } from '../../http/route.js';
import type { RowLabels } from '../../kernel/rows.js';
import type { AccountService } from '../account/index.js';
import { readAccounts } from '../account/index.js';
import type { CustomerService } from '../customer/index.js';
import { readCustomers } from '../customer/index.js';
import type { DebtService } from '../debt/index.js';
import { readDebts } from '../debt/index.js';
import type { GatewayService } from '../gateway/index.js';
import { readGateways } from '../gateway/index.js';
import type { ItemService } from '../item/index.js';
import { readItems } from '../item/index.js';
import type { MeterService } from '../meter/index.js';
import { readMeters } from '../meter/index.js';
import type { FeederService, TransformerService } from '../revenue-protection/index.js';
import { readFeeders, readTransformers } from '../revenue-protection/index.js';
import type { TariffService } from '../tariff/index.js';
import { readTariffs } from '../tariff/index.js';
import sheetData from './sheet-columns.json' with { type: 'json' };

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
  feeder: FeederService;
  transformer: TransformerService;
}

const ImportColumnData = z.object({
  key: z.string(),
  kind: z.enum(['text', 'int', 'number', 'money', 'date', 'steps', 'digits6', 'digits2']),
  note: z.string(),
  titles: z.array(z.string()).optional(),
  values: z.string().optional(),
});

const SheetData = z.object({
  title: z.string(),
  permission: z.enum(ALL_PERMISSION_KEYS),
  columns: z.array(ImportColumnData),
  exportColumns: z.array(z.string()),
  exportAs: z
    .record(z.string(), z.object({ title: z.string().optional(), values: z.string().optional() }))
    .optional(),
});

/** Write-only columns: sealed in the key store on import, never in an export. */
const SECRETS = new Set([
  'decoderKey',
  'dlmsPassword',
  'dlmsAuthenticationKey',
  'dlmsBlockCipherKey',
  'dlmsSystemTitle',
]);

// The columns, notes and export lists are data (sheet-columns.json); they are checked once, at load.
const SHEETS = z
  .record(z.enum(FILE_MODULES), SheetData)
  .refine((sheets) => Object.values(sheets).every((s) => !s.exportColumns.some((c) => SECRETS.has(c))), {
    message: 'no secret is ever exported: only whether one is stored (hasDecoderKey, hasDlmsSecrets)',
  })
  .parse(sheetData);

/** Every sheet's export ends with the audit columns. */
const AUDIT = ['remark', 'createId', 'createDate', 'updateId', 'updateDate'];

interface ImportService<Row> {
  write(ctx: AuthedContext, rows: Row[], action: 'Import', labels: RowLabels): Promise<unknown[]>;
}

type ReadRows<Body> = (
  q: Queryable,
  body: Body,
  user: SessionUser,
  now: Date,
) => Promise<{ total: number; data: unknown[] }>;

/** Every row and body reaching these functions has been parsed by the schema next to it. */
function sheet<W extends z.ZodType, R extends z.ZodType>(
  module: FileModule,
  service: ImportService<z.infer<W>>,
  schemas: [row: W, read: R],
  read: ReadRows<z.infer<R>>,
  keyOf: (row: Record<string, unknown>) => string,
): SheetModule {
  const data = SHEETS[module];
  const [rowSchema, readSchema] = schemas;
  return {
    module,
    title: data.title,
    writePermission: data.permission,
    readPermission: data.permission,
    columns: data.columns,
    rowSchema,
    keyOf,
    importRows: (ctx, rows, labels) => service.write(ctx, rows as z.infer<W>[], 'Import', labels),
    readSchema,
    read: (q, body, user, now) => read(q, body as z.infer<R>, user, now),
    exportColumns: [...data.exportColumns, ...AUDIT],
    exportAs: data.exportAs,
  };
}

const field = (key: string) => (row: Record<string, unknown>) => String(row[key] ?? '');
// A gateway's EUI-64 is the same gateway in any case.
const gatewayKey = (row: Record<string, unknown>) => field('gatewayId')(row).toUpperCase();
// readMeters' optional fourth parameter is extra filters, not the time.
const meterRows: ReadRows<z.infer<typeof MeterReadRequest>> = (q, body, user) => readMeters(q, body, user);
const itemKey = (row: Record<string, unknown>) => `${row.itemType ?? ''}/${row.itemName ?? ''}`;

/** The sheets import and export know, in the order the console lists them. */
export function sheetModules(s: Services): SheetModule[] {
  return [
    sheet('gateway', s.gateway, [GatewayWriteRequest, GatewayReadRequest], readGateways, gatewayKey),
    sheet('meter', s.meter, [MeterWriteRequest, MeterReadRequest], meterRows, field('meterId')),
    sheet('customer', s.customer, [CustomerRequest, CustomerReadRequest], readCustomers, field('customerId')),
    sheet('tariff', s.tariff, [TariffCreateRequest, TariffReadRequest], readTariffs, field('tariffId')),
    sheet('debt', s.debt, [DebtRequest, DebtReadRequest], readDebts, field('customerId')),
    sheet('account', s.account, [AccountRequest, AccountReadRequest], readAccounts, field('meterId')),
    sheet('item', s.item, [ItemRequest, ItemReadRequest], readItems, itemKey),
    sheet('feeder', s.feeder, [FeederWriteRequest, FeederReadRequest], readFeeders, field('feederId')),
    sheet(
      'transformer',
      s.transformer,
      [TransformerWriteRequest, TransformerReadRequest],
      readTransformers,
      field('transformerId'),
    ),
  ];
}
