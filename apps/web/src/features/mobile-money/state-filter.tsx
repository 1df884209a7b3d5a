import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A toolbar filter on one coded field: its value for the read body, and its select ("any", then each
 * value in words under `words`), test id `filter-<name>`.
 */
export function useCodeFilter<V extends string>(
  name: string,
  values: readonly V[],
  words: string,
  opts: { any: string; initial?: V },
) {
  const { t } = useTranslation();
  const [value, setValue] = useState<V | null>(opts.initial ?? null);
  const picker = (
    <Select<V | ''>
      data-testid={`filter-${name}`}
      value={value ?? ''}
      onChange={(v) => setValue(v || null)}
      options={[
        { value: '', label: t(opts.any) },
        ...values.map((v) => ({ value: v, label: t(`${words}.${v}`) })),
      ]}
      style={{ width: 170 }}
    />
  );
  return { value, picker };
}
