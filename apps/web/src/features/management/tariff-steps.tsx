import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface StepValue {
  start?: number | string | null;
  end?: number | string | null;
  price?: number | string | null;
}

/** Blocks must be contiguous from 0; each ends after it starts; only the last may be open. */
export function stepsProblem(steps: StepValue[] | undefined): boolean {
  if (!steps?.length) return false;
  let expected = 0;
  for (const [i, s] of steps.entries()) {
    const start = Number(s.start ?? 0);
    const end = s.end === null || s.end === undefined || s.end === '' ? null : Number(s.end);
    if (start !== expected) return true;
    if (end === null) return i !== steps.length - 1;
    if (!(end > start)) return true;
    expected = end;
  }
  return false;
}

/** The step blocks editor (Start, End, Price per row) of the tariff form. */
/** A step's cells: where its band starts and ends (one decimal; no end = open), and its price (two decimals). */
const STEP_CELLS = [
  { field: 'start', step: 0.1, precision: 1, required: true, placeholder: 'stepStart' },
  { field: 'end', step: 0.1, precision: 1, required: false, placeholder: 'openEnd' },
  { field: 'price', step: 0.01, precision: 2, required: true, placeholder: 'stepPrice' },
] as const;

export function TariffStepsEditor({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} required={false}>
      <Form.List
        name={name}
        rules={[
          {
            validator: (_r, steps: StepValue[] | undefined) =>
              stepsProblem(steps)
                ? Promise.reject(new Error(t('management.tariff.stepsInvalid')))
                : Promise.resolve(),
          },
        ]}
      >
        {(rows, { add, remove }, { errors }) => (
          <div data-testid={`steps-${name}`}>
            {rows.map((row) => (
              <Space key={row.key} align="baseline" wrap style={{ display: 'flex', marginBottom: 4 }}>
                {STEP_CELLS.map((cell) => (
                  <Form.Item
                    key={cell.field}
                    name={[row.name, cell.field]}
                    {...(cell.required && { rules: [{ required: true, message: t('validation.required') }] })}
                    style={{ marginBottom: 4 }}
                  >
                    <InputNumber
                      min={0}
                      step={cell.step}
                      precision={cell.precision}
                      placeholder={t(`management.tariff.${cell.placeholder}`)}
                    />
                  </Form.Item>
                ))}
                <Button icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label="remove" />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => {
                const prev = rows.length;
                add(prev === 0 ? { start: 0 } : {});
              }}
            >
              {t('management.tariff.addStep')}
            </Button>
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
