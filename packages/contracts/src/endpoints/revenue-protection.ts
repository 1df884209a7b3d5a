/** Revenue protection: the electrical network under the meters, its findings and the cases. */
import { z } from 'zod';
import { FEEDER_PATHS, REVENUE_PROTECTION_PATHS, TRANSFORMER_PATHS } from '../api-paths.js';
import { page } from '../common.js';
import { defineEndpoint, tableEndpoints } from '../endpoint.js';
import {
  FeederDeleteRequest,
  FeederReadRequest,
  FeederRow,
  FeederWriteRequest,
  TransformerDeleteRequest,
  TransformerMapRequest,
  TransformerMeterPoint,
  TransformerReadRequest,
  TransformerRow,
  TransformerWriteRequest,
} from '../network.js';
import {
  BeyondCreditRequest,
  BeyondCreditRow,
  SuspectRow,
  SuspectsRequest,
  TamperRequest,
  TamperRow,
  TransformerBalanceRequest,
  TransformerBalanceRow,
  ZeroBuyerRow,
  ZeroBuyersRequest,
} from '../revenue-protection.js';

export const FEEDER_API = tableEndpoints(
  FEEDER_PATHS,
  { row: FeederRow, read: FeederReadRequest, line: FeederWriteRequest, key: FeederDeleteRequest },
  'RevenueProtection.Feeder',
  // The transformer form picks a feeder.
  ['RevenueProtection.Feeder', 'RevenueProtection.Transformer'],
);

export const TRANSFORMER_API = {
  ...tableEndpoints(
    TRANSFORMER_PATHS,
    {
      row: TransformerRow,
      read: TransformerReadRequest,
      line: TransformerWriteRequest,
      key: TransformerDeleteRequest,
    },
    'RevenueProtection.Transformer',
    // The meter form picks a transformer.
    ['RevenueProtection.Transformer', 'Management.Meter'],
  ),
  /** A transformer's check meter and customer meters with their coordinates (the map page). */
  readMap: defineEndpoint({
    path: TRANSFORMER_PATHS.readMap,
    request: TransformerMapRequest,
    result: z.array(TransformerMeterPoint),
    permission: 'RevenueProtection.Transformer',
  }),
};

/** The findings, each read as the other reports are: paged, sorted, filtered, scoped to the station. */
export const REVENUE_PROTECTION_API = {
  transformerBalance: defineEndpoint({
    path: REVENUE_PROTECTION_PATHS.transformerBalance,
    request: TransformerBalanceRequest,
    result: page(TransformerBalanceRow),
    permission: 'RevenueProtection.TransformerBalance',
  }),
  zeroBuyers: defineEndpoint({
    path: REVENUE_PROTECTION_PATHS.zeroBuyers,
    request: ZeroBuyersRequest,
    result: page(ZeroBuyerRow),
    permission: 'RevenueProtection.ZeroBuyers',
  }),
  consumptionBeyondCredit: defineEndpoint({
    path: REVENUE_PROTECTION_PATHS.consumptionBeyondCredit,
    request: BeyondCreditRequest,
    result: page(BeyondCreditRow),
    permission: 'RevenueProtection.ConsumptionBeyondCredit',
  }),
  tamper: defineEndpoint({
    path: REVENUE_PROTECTION_PATHS.tamper,
    request: TamperRequest,
    result: page(TamperRow),
    permission: 'RevenueProtection.Tamper',
  }),
  /** Meters ranked by score (highest first unless another order is asked), each with its evidence. */
  suspects: defineEndpoint({
    path: REVENUE_PROTECTION_PATHS.suspects,
    request: SuspectsRequest,
    result: page(SuspectRow),
    permission: 'RevenueProtection.Suspects',
  }),
};
