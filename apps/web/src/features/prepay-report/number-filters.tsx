import { Button, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Numeric report filters (day bounds, low limit) in the toolbar; Apply sends them with the read. */
export function NumberFilters({
  fields,
  onApply,
}: {
  fields: { key: string; label: string; step?: number }[];
  onApply: (values: Record<string, number | null>) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, number | null>>({});
  return (
    <Space wrap>
      {fields.map((f) => (
        <InputNumber
          key={f.key}
          data-testid={`filter-${f.key}`}
          min={0}
          step={f.step ?? 1}
          placeholder={f.label}
          style={{ width: 190 }}
          value={values[f.key] ?? null}
          onChange={(v) => setValues((s) => ({ ...s, [f.key]: typeof v === 'number' ? v : null }))}
        />
      ))}
      <Button data-testid="filter-apply" onClick={() => onApply(values)}>
        {t('report.apply')}
      </Button>
    </Space>
  );
}
