import { CommunicationWay, MeterPhase, MeterType } from '@prepay/contracts';
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
