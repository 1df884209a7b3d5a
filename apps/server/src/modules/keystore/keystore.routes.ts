import { KEYSTORE_API } from '@prepay/contracts';
import { type RouteDef, routeGroup } from '../../http/route.js';
import type { KeyStoreService } from './keystore.service.js';

/** System administrators only; every call answers the key list, as rows that never carry a key. */
const keyRoute = routeGroup({ tag: 'KeyStore' });

export function keyStoreRoutes(service: KeyStoreService): RouteDef[] {
  return [
    keyRoute(KEYSTORE_API.read, 'List vending keys (never the keys themselves)', () => service.list()),
    keyRoute(
      KEYSTORE_API.create,
      'Load vending keys (write-only; replaces the key of the same SGC/KRN)',
      (rows, ctx) => service.create(ctx, rows),
    ),
    keyRoute(
      KEYSTORE_API.generate,
      'Generate vending keys inside the key vault (nobody sees them)',
      (rows, ctx) => service.generate(ctx, rows),
    ),
    keyRoute(KEYSTORE_API.delete, 'Remove vending keys (decoder keys already stored stay)', (rows, ctx) =>
      service.remove(ctx, rows),
    ),
    keyRoute(
      KEYSTORE_API.setExpiry,
      "Set or remove vending keys' expiry days (the KEN their key changes carry follows)",
      (rows, ctx) => service.setExpiry(ctx, rows),
    ),
    keyRoute(
      KEYSTORE_API.importWrapped,
      'Import vending keys wrapped under a transport key (unwrapped and checked inside the key vault)',
      (rows, ctx) => service.importWrapped(ctx, rows),
    ),
    keyRoute(KEYSTORE_API.transportKeys, 'List transport keys (their public halves)', () =>
      service.transportKeys(),
    ),
    keyRoute(
      KEYSTORE_API.generateTransportKey,
      'Generate a transport key pair inside the key vault',
      (_b, ctx) => service.generateTransportKey(ctx),
    ),
  ];
}
