import { DatePicker, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';

const DAY = 'YYYY-MM-DD';

/** The days a finding covers (both ends), the last `days` up to yesterday until the user picks others. */
export function useDayRange(days: number): { range: [string, string]; picker: ReactNode } {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(days, 'day'),
    dayjs().subtract(1, 'day'),
  ]);
  const picker = (
    <DatePicker.RangePicker
      key="days"
      data-testid="revprot-days"
      allowClear={false}
      value={range}
      onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
      style={{ maxWidth: '100%' }}
    />
  );
  return { range: [range[0].format(DAY), range[1].format(DAY)], picker };
}

/** The last day a purchase finding looks at; empty means yesterday (the server's calendar). */
export function useAsOf(placeholder: string): { asOf: string | null; picker: ReactNode } {
  const [day, setDay] = useState<Dayjs | null>(null);
  const picker = (
    <DatePicker
      key="asOf"
      data-testid="revprot-as-of"
      placeholder={placeholder}
      value={day}
      onChange={(v) => setDay(v)}
      style={{ width: 170 }}
    />
  );
  return { asOf: day ? day.format(DAY) : null, picker };
}

/** A number the finding is read with (days, kWh, percent), sent as soon as it changes. */
export function useNumber(
  key: string,
  label: string,
  initial: number | null,
  limits: { min: number; max: number; step?: number },
): { value: number | null; input: ReactNode } {
  const [value, setValue] = useState<number | null>(initial);
  const input = (
    <InputNumber
      key={key}
      data-testid={`filter-${key}`}
      placeholder={label}
      title={label}
      min={limits.min}
      max={limits.max}
      step={limits.step ?? 1}
      value={value}
      onChange={(v) => setValue(typeof v === 'number' ? v : null)}
      style={{ width: 190 }}
    />
  );
  return { value, input };
}
