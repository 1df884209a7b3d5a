import type { TFunction } from 'i18next';

/** The file module a download path belongs to (`/api/<module>/export`), for the grid's Export dialog. */
export const fileModuleOf = (exportPath: string) =>
  exportPath.replace(/^\/api\//, '').replace(/\/export$/, '');

export const vendorKindOptions = (t: TFunction) =>
  (['bank', 'aggregator', 'agent', 'mobileMoney'] as const).map((k) => ({
    value: k,
    label: t(`channel.vendor.kinds.${k}`),
  }));

export const movementOptions = (t: TFunction) =>
  (['topUp', 'adjustment', 'sale', 'reversal'] as const).map((k) => ({
    value: k,
    label: t(`channel.vendor.movements.${k}`),
  }));

export const saleStateOptions = (t: TFunction) =>
  (['sold', 'confirmed', 'reversed'] as const).map((k) => ({
    value: k,
    label: t(`channel.transaction.states.${k}`),
  }));
