import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PickerGrid, pickerRows } from './api';

interface PickerProps {
  name: string;
  label: ReactNode;
  disabled?: boolean;
  required?: boolean;
  extra?: ReactNode;
  testId?: string;
}

function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

interface RemoteSelectProps extends PickerProps {
  resource: string;
  grid: PickerGrid;
  placeholder: string;
  /** The grid's key column: the option's value, and the order the rows come in. */
  idField: string;
  /** A column shown after the key in the option's label ("47000001 — Ada Obi"), if any. */
  nameField?: string;
}

/** One grid row as a select option: its key, and its name after the key where the picker shows one. */
function optionOf({ idField, nameField }: Pick<RemoteSelectProps, 'idField' | 'nameField'>) {
  return (row: Record<string, unknown>) => ({
    value: String(row[idField]),
    label: nameField ? `${row[idField]} — ${row[nameField] ?? ''}` : String(row[idField]),
  });
}

/** A searchable select over a server grid: the typed text goes out as `searchTerm`, 20 rows at a time. */
function RemoteSelect(props: RemoteSelectProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const debounced = useDebounced(term);
  const query = useQuery({
    queryKey: ['picker', props.resource, debounced],
    queryFn: () => pickerRows(props.grid, debounced.trim() || null, props.idField),
    enabled: !props.disabled,
  });
  const form = Form.useFormInstance();
  const current = Form.useWatch(props.name, form) as string | undefined;
  const options = (query.data ?? []).map(optionOf(props));
  if (current && !options.some((o) => o.value === current))
    options.unshift({ value: current, label: current });
  return (
    <Form.Item
      name={props.name}
      label={props.label}
      extra={props.extra}
      rules={props.required === false ? [] : [{ required: true, message: t('validation.required') }]}
    >
      <Select
        data-testid={props.testId ?? `field-${props.name}`}
        showSearch={{ filterOption: false, onSearch: setTerm }}
        disabled={props.disabled}
        placeholder={props.placeholder}
        loading={query.isFetching}
        options={options}
        allowClear={props.required === false}
      />
    </Form.Item>
  );
}

type PickerSource = Omit<RemoteSelectProps, keyof PickerProps>;

/** A picker over one server grid; its placeholder is a translation key. */
function picker(source: PickerSource) {
  return function Picker(props: PickerProps) {
    const { t } = useTranslation();
    return <RemoteSelect {...props} {...source} placeholder={t(source.placeholder)} />;
  };
}

export const CustomerPicker = picker({
  resource: 'customer',
  grid: 'customer',
  idField: 'customerId',
  nameField: 'customerName',
  placeholder: 'management.account.pickCustomer',
});

/** Meters no account binds yet (`/api/meter/addread`), as the original's Account "Add" picker. */
export const UnusedMeterPicker = picker({
  resource: 'meter-unused',
  grid: 'unusedMeter',
  idField: 'meterId',
  placeholder: 'management.account.pickMeter',
});

export const TariffPicker = picker({
  resource: 'tariff',
  grid: 'tariff',
  idField: 'tariffId',
  nameField: 'tariffName',
  placeholder: 'management.account.pickTariff',
});
