import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ListColumn } from './list-page/list-page';
import { StateTag } from './list-page/state-tag';

/** One state of a yes/no field: its label, and the colour of its tag (antd's default when none). */
export interface StateLabel {
  value: boolean;
  label: string;
  color?: string;
}

/**
 * A yes/no column (online, used, acknowledged, key set, …): each row shows its state as a coloured
 * tag, and the header filters by a select of the two states, in the order given.
 */
export function stateColumn<Row>(
  key: string,
  title: ReactNode,
  states: readonly [StateLabel, StateLabel],
  width: number,
  more: Partial<ListColumn<Row>> = {},
): ListColumn<Row> {
  const options = states.map(({ value, label }) => ({ value, label }));
  return {
    key,
    title,
    filter: { kind: 'select', options },
    width,
    render: (v) => {
      const state = states.find((s) => s.value === Boolean(v));
      return <StateTag color={state?.color}>{state?.label}</StateTag>;
    },
    ...more,
  };
}

/** Online (green) or offline: the link of a meter or a gateway to the head-end, in the shared words. */
export const linkStates = (t: TFunction): readonly [StateLabel, StateLabel] => [
  { value: true, label: t('common.online'), color: 'green' },
  { value: false, label: t('common.offline') },
];
