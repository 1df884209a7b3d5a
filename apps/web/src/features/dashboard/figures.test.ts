import { describe, expect, it } from 'vitest';
import { panelFigure, successRateOption } from './figures';

describe('dashboard figures', () => {
  it('groups thousands in the user language with the places of each figure', () => {
    expect(panelFigure('money', 1234567.5, 'en')).toBe('1,234,567.50');
    expect(panelFigure('money', 6000, 'es')).toBe('6.000,00');
    expect(panelFigure('units', 12345.67, 'en')).toBe('12,345.7');
    expect(panelFigure('accounts', 2000, 'zh')).toBe('2,000');
  });

  it('keeps an hour without data as a gap, never as 0 %', () => {
    const option = successRateOption(
      ['01 00:00', '01 01:00', '01 02:00'],
      [100, null, 50],
      'Rate',
      'No data',
      'en',
    );
    const series = Array.isArray(option.series) ? option.series[0] : option.series;
    expect(series?.data).toEqual([100, null, 50]);
    expect(series && 'connectNulls' in series ? series.connectNulls : undefined).toBe(false);
    const tooltip = Array.isArray(option.tooltip) ? option.tooltip[0] : option.tooltip;
    const format = tooltip?.valueFormatter as (v: unknown) => string;
    expect(format(null)).toBe('No data');
    expect(format(66.7)).toBe('66.7 %');
  });
});
