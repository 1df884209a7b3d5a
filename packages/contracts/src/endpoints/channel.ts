/** The revenue office's view of the channels: every channel sale with its advices, and the daily reconciliation. */

import { z } from 'zod';
import { CHANNEL_PATHS } from '../api-paths.js';
import {
  ChannelAdviceRequest,
  ChannelAdviceRow,
  ChannelTransactionReadRequest,
  ChannelTransactionRow,
  ReconciliationReadRequest,
  ReconciliationRow,
} from '../channel.js';
import { page } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

export const CHANNEL_API = {
  transactions: defineEndpoint({
    path: CHANNEL_PATHS.transactions,
    request: ChannelTransactionReadRequest,
    result: page(ChannelTransactionRow),
    permission: 'Channel.ChannelTransaction',
  }),
  advices: defineEndpoint({
    path: CHANNEL_PATHS.advices,
    request: ChannelAdviceRequest,
    result: z.array(ChannelAdviceRow),
    permission: 'Channel.ChannelTransaction',
  }),
  reconciliation: defineEndpoint({
    path: CHANNEL_PATHS.reconciliation,
    request: ReconciliationReadRequest,
    result: page(ReconciliationRow),
    permission: 'Channel.Reconciliation',
  }),
};
