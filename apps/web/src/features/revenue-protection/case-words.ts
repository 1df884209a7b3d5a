import { CASE_OUTCOMES, CASE_STATUSES } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import './locales';

/** The case statuses, outcomes and sources as the console names them (filters, tags, selects). */
export const statusOptions = (t: TFunction) =>
  CASE_STATUSES.map((s) => ({ value: s, label: t(`revprot.case.statuses.${s}`) }));
export const outcomeOptions = (t: TFunction) =>
  CASE_OUTCOMES.map((o) => ({ value: o, label: t(`revprot.case.outcomes.${o}`) }));
export const sourceOptions = (t: TFunction) =>
  (['manual', 'suspect'] as const).map((s) => ({ value: s, label: t(`revprot.case.sources.${s}`) }));

export const STATUS_COLOURS: Record<string, string> = {
  open: 'red',
  assigned: 'orange',
  inspected: 'blue',
  closed: 'green',
};
