import { z } from 'zod';
import { DateTime, Id, ReadRequestBase, Remark, StationRowFields, textFilters } from './common.js';
import { CustomerColumns } from './customer.js';

/**
 * An account binds a customer, a meter and a tariff; a meter has at most one account. Update finds the
 * account by `oldMeterId` when given (re-homing the account to `meterId`), else by `meterId`.
 */
export const AccountRequest = z.object({
  customerId: Id,
  meterId: Id,
  tariffId: Id,
  ctRatio: z.string().trim().max(32).nullish(),
  remark: Remark,
  oldMeterId: Id.nullish(),
  /** Defaults to the customer's station; customer, meter and tariff must all belong to it. */
  stationId: Id.nullish(),
});
export type AccountRequest = z.infer<typeof AccountRequest>;
export const AccountDeleteRequest = z.object({ customerId: Id, meterId: Id });

/** What an account binds, as every row about an account starts: its customer, then its meter. */
export const AccountColumns = { ...CustomerColumns, meterId: z.string() };

/** The customer of the account that binds a meter, as rows about the meter name it (null while no account does). */
export const AccountCustomerColumns = {
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
};

/** A meter and the customer of the account that binds it. */
export const MeterCustomerColumns = { ...AccountCustomerColumns, meterId: z.string() };

export const AccountRow = z.object({
  ...AccountColumns,
  meterType: z.number().int(),
  protocolVersion: z.string().nullable(),
  communicationWay: z.number().int(),
  tariffId: z.string(),
  tariffName: z.string().nullable(),
  ctRatio: z.string().nullable(),
  /** Online/offline as the remote-operation pages show it (false until the head-end reports). */
  status: z.boolean(),
  /** The customer's debt still to recover (null: no debt recorded). */
  remainingDebt: z.number().nullish(),
  /** The meter's change carried forward from its credit sales not cancelled. */
  carriedChange: z.number().nullish(),
  /** The meter's newest credit sale not cancelled (null: none yet). */
  lastPurchaseDate: DateTime.nullish(),
  lastPurchasePaid: z.number().nullish(),
  ...StationRowFields,
});
export type AccountRow = z.infer<typeof AccountRow>;

export const AccountReadRequest = ReadRequestBase.extend({
  ...textFilters('customerId', 'customerName', 'meterId', 'protocolVersion', 'tariffId', 'ctRatio', 'remark'),
  meterType: z.number().int().nullish(),
  communicationWay: z.number().int().nullish(),
});
export type AccountReadRequest = z.infer<typeof AccountReadRequest>;
