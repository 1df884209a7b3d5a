/**
 * The calls outside the JSON envelope's POST: the spreadsheet imports and the image upload (a file in,
 * JSON out) and the feeds other systems read (GET, their own JSON). Downloads (exports, templates, the
 * image itself) answer bytes and are declared by the server's file routes from the paths alone.
 */
import { DAILY_DATA_PATHS, fileRoutes, IMAGE_PATHS, TOKEN_PATHS } from '../api-paths.js';
import { HourlyFeedQuery } from '../daily-data.js';
import { defineFeed, defineUpload, type TableEndpoints, type UploadEndpoint } from '../endpoint.js';
import { type FileModule, IMAGE_MAX_BYTES, IMPORT_MAX_BYTES } from '../files.js';
import { ImageRow } from '../image.js';
import { PaymentsFeed, PaymentsFeedQuery } from '../token.js';
import {
  ACCOUNT_API,
  CUSTOMER_API,
  DEBT_API,
  GATEWAY_API,
  ITEM_API,
  METER_API,
  TARIFF_API,
} from './masterdata.js';
import { FEEDER_API, TRANSFORMER_API } from './revenue-protection.js';

/** A table's spreadsheet import: all or nothing, answered and permitted as its JSON import is. */
const sheetImport = (resource: FileModule, api: Pick<TableEndpoints, 'import'>) =>
  defineUpload({
    path: fileRoutes(resource).importFile,
    maxBytes: IMPORT_MAX_BYTES,
    result: api.import.result,
    permission: api.import.permission,
  });

/** The import file of every table the console imports from a spreadsheet. */
export const SHEET_IMPORT_API: Record<FileModule, UploadEndpoint> = {
  gateway: sheetImport('gateway', GATEWAY_API),
  meter: sheetImport('meter', METER_API),
  customer: sheetImport('customer', CUSTOMER_API),
  tariff: sheetImport('tariff', TARIFF_API),
  debt: sheetImport('debt', DEBT_API),
  account: sheetImport('account', ACCOUNT_API),
  item: sheetImport('item', ITEM_API),
  feeder: sheetImport('feeder', FEEDER_API),
  transformer: sheetImport('transformer', TRANSFORMER_API),
};

/** Setting → Image: a PNG into a slot (the query names it), answered as the slot's row. */
export const IMAGE_UPLOAD = defineUpload({
  path: IMAGE_PATHS.upload,
  maxBytes: IMAGE_MAX_BYTES,
  result: ImageRow,
  permission: 'Setting.Image',
});

export const FEED_API = {
  /** Issued credit tokens of a station between FROM and TO, for an external data platform. */
  payments: defineFeed({
    path: TOKEN_PATHS.paymentsFeed,
    query: PaymentsFeedQuery,
    result: PaymentsFeed,
    permission: 'TokenRecord.CreditTokenRecord',
  }),
  /** Hourly readings; an answer with errors (a FROM that is not a date-time) is a 400. */
  hourly: defineFeed({
    path: DAILY_DATA_PATHS.meterReadHourly,
    query: HourlyFeedQuery,
    permission: 'AutomaticMeterReading.DailyDataMeter',
  }),
};
