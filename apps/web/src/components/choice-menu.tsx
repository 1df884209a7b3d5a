import { Dropdown } from 'antd';
import type { ReactElement, ReactNode } from 'react';

/**
 * A navbar choice (language, size): a click menu of the options with the current one disabled.
 * Each option carries the test id `<testId>-<option>`.
 */
export function ChoiceMenu<Option extends string>(props: {
  options: readonly Option[];
  current: Option;
  label: (option: Option) => ReactNode;
  testId: string;
  onChoose: (option: Option) => void;
  children: ReactElement;
}) {
  const { options, current, testId } = props;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [current],
        items: options.map((option) => ({
          key: option,
          label: <span data-testid={`${testId}-${option}`}>{props.label(option)}</span>,
          disabled: option === current,
        })),
        onClick: ({ key }) => {
          const chosen = options.find((option) => option === key);
          if (chosen) props.onChoose(chosen);
        },
      }}
    >
      {props.children}
    </Dropdown>
  );
}
