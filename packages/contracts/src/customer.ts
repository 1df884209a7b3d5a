import { z } from 'zod';
import {
  Id,
  nullableTexts,
  ReadRequestBase,
  StationRowFields,
  StationWriteFields,
  textFilters,
} from './common.js';

export const CustomerRequest = z.object({
  customerId: Id,
  customerName: z.string().trim().min(1, 'Required').max(128),
  /** Customer category; only 0 is known from the original (labels come from the item dictionary). */
  type: z.number().int().min(0).max(99).default(0),
  phone: z.string().trim().max(32).nullish(),
  address: z.string().trim().max(256).nullish(),
  certifiName: z.string().trim().max(64).nullish(),
  certifiNo: z.string().trim().max(64).nullish(),
  ...StationWriteFields,
});
export type CustomerRequest = z.infer<typeof CustomerRequest>;
export const CustomerDeleteRequest = z.object({ customerId: Id });

export const CustomerRow = z.object({
  customerId: z.string(),
  customerName: z.string(),
  type: z.number().int(),
  ...nullableTexts('phone', 'address', 'certifiName', 'certifiNo'),
  ...StationRowFields,
});
export type CustomerRow = z.infer<typeof CustomerRow>;

/** The customer as rows about its debts name it: the name read from the customer. */
export const CustomerNameColumns = {
  customerId: z.string(),
  customerName: z.string().nullable(),
};

/** The customer as rows about its accounts and reports name it: name and address read from the customer. */
export const CustomerColumns = { ...CustomerNameColumns, customerAddress: z.string().nullable() };

export const CustomerReadRequest = ReadRequestBase.extend({
  ...textFilters('customerId', 'customerName', 'phone', 'address', 'certifiName', 'certifiNo', 'remark'),
  type: z.number().int().nullish(),
});
export type CustomerReadRequest = z.infer<typeof CustomerReadRequest>;
