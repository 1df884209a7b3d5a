import { Button, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { READ_LANG } from './report-columns';

type NumberField = { key: string; label: string; step?: number };

/** Numeric report filters (day bounds, low limit) in the toolbar; Apply sends them with the read. */
export function NumberFilters({
  fields,
  onApply,
}: {
  fields: NumberField[];
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

/**
 * A report read bounded by toolbar numbers: the body to send and the toolbar whose Apply sets it, as
 * the list page's `extraBody` and `toolbarExtra` (spread them on it).
 */
export function useNumberFilters(fields: NumberField[]) {
  const [extraBody, setExtraBody] = useState<Record<string, unknown>>(READ_LANG);
  const toolbarExtra = (
    <NumberFilters fields={fields} onApply={(v) => setExtraBody({ ...READ_LANG, ...v })} />
  );
  return { extraBody, toolbarExtra };
}
