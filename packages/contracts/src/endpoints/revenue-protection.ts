/** Revenue protection: the electrical network under the meters, its findings and the cases. */
import { z } from 'zod';
import { FEEDER_PATHS, TRANSFORMER_PATHS } from '../api-paths.js';
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
