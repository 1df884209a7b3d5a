import { CommunicationWay, MeterPhase, MeterType } from '@prepay/contracts';
import { BASE_YEARS } from '@prepay/sts';
import type { TFunction } from 'i18next';

/**
 * The meter's coded fields as select options, one source for every grid, filter and form: values from
 * contracts, labels from the shared `meter.*` strings.
 */
export const meterTypeOptions = (t: TFunction) => [
  { value: MeterType.electricity, label: t('meter.electricity') },
  { value: MeterType.water, label: t('meter.water') },
  { value: MeterType.gas, label: t('meter.gas') },
];

export const phaseOptions = (t: TFunction) => [
  { value: MeterPhase.single, label: t('meter.single') },
  { value: MeterPhase.three, label: t('meter.three') },
  { value: MeterPhase.ct, label: t('meter.ct') },
];

/** GPRS and LoRaWAN; the original's codes 2–4 have no name and show as "Other (n)". */
export const communicationOptions = (t: TFunction, withOthers = true) => [
  { value: CommunicationWay.gprs, label: t('meter.gprs') },
  { value: CommunicationWay.lorawan, label: t('meter.lorawan') },
  ...(withOthers ? [2, 3, 4].map((n) => ({ value: n, label: t('meter.other', { n }) })) : []),
];

/** The STS base years, as the token engine knows them, for a meter's key and for Update Meter Key. */
export { BASE_YEARS };
export type BaseYear = (typeof BASE_YEARS)[number];
export const baseYearOptions = () => BASE_YEARS.map((y) => ({ value: y, label: String(y) }));

/** The STS key's small integers with the ranges the server checks (contracts' sts-key.ts). */
export const STS_KEY_INTEGERS = [
  ['krn', 1, 9],
  ['ken', 0, 255],
  ['ti', 0, 99],
  ['kt', 0, 3],
] as const;
