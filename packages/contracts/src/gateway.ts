import { z } from 'zod';
import { ReadRequestBase, StationRowFields, StationWriteFields, textFilters } from './common.js';

/** LoRaWAN gateway ids are EUI-64 written XX-XX-XX-FF-FE-XX-XX-XX (hex pairs joined by "-"). */
export const GATEWAY_ID_PATTERN = /^[0-9A-Fa-f]{2}(-[0-9A-Fa-f]{2}){7}$/;

export const GatewayWriteRequest = z.object({
  gatewayId: z
    .string()
    .trim()
    .regex(GATEWAY_ID_PATTERN, 'Gateway Id is an EUI-64 like E4-38-19-FF-FE-00-00-01')
    .transform((s) => s.toUpperCase()),
  gatewayName: z.string().trim().max(128).nullish(),
  ...StationWriteFields,
});
export type GatewayWriteRequest = z.infer<typeof GatewayWriteRequest>;
export const GatewayDeleteRequest = z.object({ gatewayId: z.string().trim().min(1).max(64) });

export const GatewayRow = z.object({
  gatewayId: z.string(),
  gatewayName: z.string().nullable(),
  /** Online (true) / offline (false); maintained by the head-end, read-only here. */
  status: z.boolean(),
  /** Hourly communication success rate in %, read-only. */
  successRate: z.number(),
  /** When the head-end last heard the gateway, read-only. */
  lastSeen: z.string().nullable(),
  /**
   * On reads: the stored state says online but the gateway has not been heard for longer than the
   * head-end's silence threshold (LORAWAN_SILENCE_SECONDS), so "online" is no longer known.
   */
  stale: z.boolean().optional(),
  ...StationRowFields,
});
export type GatewayRow = z.infer<typeof GatewayRow>;

export const GatewayReadRequest = ReadRequestBase.extend({
  ...textFilters('gatewayId', 'gatewayName', 'remark'),
  status: z.boolean().nullish(),
});
export type GatewayReadRequest = z.infer<typeof GatewayReadRequest>;
