import {
  KEYSTORE_PATHS,
  VendingKeyRef,
  VendingKeyRequest,
  VendingKeyRow,
  writeBody,
} from '@prepay/contracts';
import { z } from 'zod';
import { type RouteDef, routeGroup } from '../../http/route.js';
import type { KeyStoreService } from './keystore.service.js';

/** System administrators only; every call answers the key list, as rows that never carry a key. */
const keyRoute = routeGroup({
  permission: 'Management.Meter',
  tag: 'KeyStore',
  result: z.array(VendingKeyRow),
});

export function keyStoreRoutes(service: KeyStoreService): RouteDef[] {
  return [
    keyRoute(
      KEYSTORE_PATHS.read,
      'List vending keys (never the keys themselves)',
      z.object({}).passthrough(),
      () => service.list(),
    ),
    keyRoute(
      KEYSTORE_PATHS.create,
      'Load vending keys (write-only; replaces the key of the same SGC/KRN)',
      writeBody(VendingKeyRequest),
      (rows, ctx) => service.create(ctx, rows),
    ),
    keyRoute(
      KEYSTORE_PATHS.delete,
      'Remove vending keys (decoder keys already stored stay)',
      writeBody(VendingKeyRef),
      (rows, ctx) => service.remove(ctx, rows),
    ),
  ];
}
