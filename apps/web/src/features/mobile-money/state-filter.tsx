import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** A toolbar select of one coded field: "any", then each value in words. */
export function CodeFilter<V extends string>(props: {
  testId: string;
  value: V | null;
  values: readonly V[];
  words: string;
  anyLabel: string;
  onChange: (v: V | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select<V | ''>
      data-testid={props.testId}
      value={props.value ?? ''}
      onChange={(v) => props.onChange(v || null)}
      options={[
        { value: '', label: props.anyLabel },
        ...props.values.map((v) => ({ value: v, label: t(`${props.words}.${v}`) })),
      ]}
      style={{ width: 170 }}
    />
  );
}
