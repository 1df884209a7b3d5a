import {
  KEYSTORE_PATHS,
  VendingKeyRef,
  VendingKeyRequest,
  VendingKeyRow,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../../http/route.js';
import type { KeyStoreService } from './keystore.service.js';

const tag = 'KeyStore';
const permission = 'Management.Meter' as const;

export function keyStoreRoutes(service: KeyStoreService): RouteDef[] {
  return [
    defineRoute({
      path: KEYSTORE_PATHS.read,
      permission,
      tag,
      summary: 'List vending keys (never the keys themselves)',
      body: z.object({}).passthrough(),
      result: z.array(VendingKeyRow),
      handler: () => service.list(),
    }),
    defineRoute({
      path: KEYSTORE_PATHS.create,
      permission,
      tag,
      summary: 'Load vending keys (write-only; replaces the key of the same SGC/KRN)',
      body: writeBody(VendingKeyRequest),
      result: z.array(VendingKeyRow),
      handler: (rows, ctx) => service.create(ctx, rows),
    }),
    defineRoute({
      path: KEYSTORE_PATHS.delete,
      permission,
      tag,
      summary: 'Remove vending keys (decoder keys already stored stay)',
      body: writeBody(VendingKeyRef),
      result: z.array(VendingKeyRow),
      handler: (rows, ctx) => service.remove(ctx, rows),
    }),
  ];
}
