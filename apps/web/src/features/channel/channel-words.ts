import { FLOAT_MOVEMENT_KINDS } from '@prepay/contracts';
import type { TFunction } from 'i18next';

/** The file module a download path belongs to (`/api/<module>/export`), for the grid's Export dialog. */
export const fileModuleOf = (exportPath: string) =>
  exportPath.replace(/^\/api\//, '').replace(/\/export$/, '');

export const vendorKindOptions = (t: TFunction) =>
  (['bank', 'aggregator', 'agent', 'mobileMoney'] as const).map((k) => ({
    value: k,
    label: t(`channel.vendor.kinds.${k}`),
  }));

/** A float's movements (its statement), or those of `kinds` (an operator makes only top-ups and adjustments). */
export const movementOptions = (
  t: TFunction,
  kinds: readonly (typeof FLOAT_MOVEMENT_KINDS)[number][] = FLOAT_MOVEMENT_KINDS,
) => kinds.map((k) => ({ value: k, label: t(`channel.vendor.movements.${k}`) }));

export const saleStateOptions = (t: TFunction) =>
  (['sold', 'confirmed', 'reversed'] as const).map((k) => ({
    value: k,
    label: t(`channel.transaction.states.${k}`),
  }));
