import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A form field of meter numbers: typed (any meter) or picked from `options`; at least one. */
export function MeterTagsField(props: {
  label: ReactNode;
  testId: string;
  options?: string[];
  loading?: boolean;
  maxCount?: number;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="meters"
      label={props.label}
      rules={[{ required: true, type: 'array', min: 1, message: t('ami.pickMeter') }]}
    >
      <Select
        mode="tags"
        data-testid={props.testId}
        style={{ width: 300, maxWidth: '100%' }}
        placeholder={t('ami.metersHint')}
        maxCount={props.maxCount}
        loading={props.loading}
        options={(props.options ?? []).map((m) => ({ value: m, label: m }))}
      />
    </Form.Item>
  );
}
