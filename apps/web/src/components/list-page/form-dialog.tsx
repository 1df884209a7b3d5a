import { MONEY_DECIMALS, MONEY_PATTERN } from '@prepay/contracts';
import { Col, Form, type FormInstance, Grid, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from './form-modal';
import './locales';
import { useEverTrue } from './use-ever-true';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'integer'
  /** Money (contracts' MONEY_PATTERN): not negative, 2 decimals at most, 13 whole digits at most. */
  | 'money'
  | 'email'
  | 'password'
  | 'select'
  | 'multiSelect'
  | 'switch'
  | 'custom';

export type FormMode = 'create' | 'edit';

export interface FieldDef {
  name: string;
  label: ReactNode;
  kind: FieldKind;
  required?: boolean;
  options?: { label: ReactNode; value: string | number | boolean }[];
  /** Keys cannot change once a row exists. */
  lockOnEdit?: boolean;
  hidden?: (mode: FormMode, values: Record<string, unknown>) => boolean;
  min?: number;
  max?: number;
  /** Decimal places allowed for `number`. */
  decimals?: number;
  maxLength?: number;
  placeholder?: string;
  extra?: ReactNode;
  /** Takes the whole row of the grid. */
  wide?: boolean;
  rules?: Rule[];
  render?: (form: FormInstance, mode: FormMode) => ReactNode;
  testId?: string;
}

/** The number checks with the spec §5 messages; money is a number with the contract's bounds. */
export function numberRule(t: TFunction, f: FieldDef): Rule {
  const money = f.kind === 'money';
  const min = money ? 0 : f.min;
  const decimals = money ? MONEY_DECIMALS : f.kind === 'number' ? f.decimals : undefined;
  return {
    validator: (_r, v: unknown) => {
      if (v === null || v === undefined || v === '') return Promise.resolve();
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n)) return Promise.reject(new Error(t('validation.number')));
      if (f.kind === 'integer' && !Number.isInteger(n))
        return Promise.reject(new Error(t('validation.integer')));
      const [, frac = ''] = String(v).split('.');
      if (decimals !== undefined && frac.length > decimals)
        return Promise.reject(new Error(t('validation.decimals', { n: decimals })));
      if ((min !== undefined && n < min) || (f.max !== undefined && n > f.max))
        return Promise.reject(new Error(t('validation.range', { min: min ?? '-∞', max: f.max ?? '∞' })));
      if (money && !MONEY_PATTERN.test(String(v).trim()))
        return Promise.reject(new Error(t('validation.money')));
      return Promise.resolve();
    },
  };
}

const TEXT_KINDS: FieldKind[] = ['text', 'textarea', 'password', 'email'];

/** Validation rules with the spec §5 messages. */
export function useFieldRules() {
  const { t } = useTranslation();
  return (f: FieldDef): Rule[] => {
    const rules: Rule[] = [];
    if (f.required) {
      rules.push(
        TEXT_KINDS.includes(f.kind)
          ? { required: true, whitespace: true, message: t('validation.required') }
          : { required: true, message: t('validation.required') },
      );
    }
    if (f.kind === 'email') rules.push({ type: 'email', message: t('validation.email') });
    if (f.kind === 'number' || f.kind === 'integer' || f.kind === 'money') rules.push(numberRule(t, f));
    if (f.maxLength) rules.push({ max: f.maxLength, message: t('validation.max', { max: f.maxLength }) });
    return [...rules, ...(f.rules ?? [])];
  };
}

function control(f: FieldDef, mode: FormMode) {
  const disabled = f.lockOnEdit && mode === 'edit';
  const testId = f.testId ?? `field-${f.name}`;
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea data-testid={testId} rows={3} disabled={disabled} placeholder={f.placeholder} />;
    case 'number':
    case 'integer':
    case 'money':
      // Kept as text-capable input so a bad entry meets the "valid number" message, not silent loss.
      return (
        <InputNumber
          data-testid={testId}
          style={{ width: '100%' }}
          disabled={disabled}
          placeholder={f.placeholder}
          stringMode={f.kind !== 'integer'}
        />
      );
    case 'password':
      return (
        <Input.Password
          data-testid={testId}
          disabled={disabled}
          placeholder={f.placeholder}
          autoComplete="new-password"
          visibilityToggle={false}
        />
      );
    case 'select':
    case 'multiSelect':
      return (
        <Select
          data-testid={testId}
          disabled={disabled}
          allowClear={!f.required}
          mode={f.kind === 'multiSelect' ? 'multiple' : undefined}
          placeholder={f.placeholder}
          options={f.options?.map((o) => ({ label: o.label, value: o.value as string | number }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      );
    case 'switch':
      return <Switch data-testid={testId} disabled={disabled} />;
    default:
      return <Input data-testid={testId} disabled={disabled} placeholder={f.placeholder} />;
  }
}

/** The fields in a grid, two to a row on wide screens; hidden ones follow the values as typed. */
function DialogFields({
  fields,
  mode,
  form,
  wide,
}: {
  fields: FieldDef[];
  mode: FormMode;
  form: FormInstance;
  wide?: boolean;
}) {
  const rulesOf = useFieldRules();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  return (
    <Row gutter={16}>
      {fields.map((f) => {
        if (f.hidden?.(mode, values ?? {})) return null;
        return (
          <Col key={f.name} span={wide && !f.wide ? 12 : 24}>
            {f.kind === 'custom' ? (
              f.render?.(form, mode)
            ) : (
              <Form.Item
                name={f.name}
                label={f.label}
                required={f.required}
                rules={rulesOf(f)}
                valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
                extra={f.extra}
              >
                {control(f, mode)}
              </Form.Item>
            )}
          </Col>
        );
      })}
    </Row>
  );
}

export interface FormDialogProps<V extends object> {
  open: boolean;
  mode: FormMode;
  title: ReactNode;
  fields: FieldDef[];
  /** Any row-like object; fields the form does not know are ignored. */
  initialValues?: object;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  width?: number;
  testId?: string;
}

/** Add / Edit dialog driven by field definitions; full width on phones. */
export function FormDialog<V extends object>(props: FormDialogProps<V>) {
  const { t } = useTranslation();
  const { open, mode, fields, initialValues, onSubmit, onClose } = props;
  const [form] = Form.useForm();
  const screens = Grid.useBreakpoint();
  const everOpened = useEverTrue(open);

  // Filled when the dialog opens only: callers may pass a fresh object on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialValues is read at open time on purpose
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues ?? {});
    }
  }, [open, form]);

  // Nothing of the dialog is built until it first opens: a grid page's first rows must not wait for
  // a form they may never show. Once built it stays, so reopening is instant.
  if (!everOpened) return null;
  const wide = screens.md;
  return (
    <FormModal<V>
      open={open}
      title={props.title}
      width={wide ? (props.width ?? 760) : '100%'}
      okText={t('listPage.save')}
      okTestId="form-submit"
      form={form}
      testId={props.testId ?? 'form-dialog'}
      onSubmit={onSubmit}
      onClose={onClose}
      maskClosable={false}
      preserve={false}
    >
      <DialogFields fields={fields} mode={mode} form={form} wide={wide} />
    </FormModal>
  );
}
