import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { numberRule } from './form-dialog';

// The message key stands for the message: what matters is which check refused.
const t = ((key: string) => key) as TFunction;

async function refusal(kind: 'money' | 'number', value: unknown, decimals?: number): Promise<string | null> {
  const rule = numberRule(t, { name: 'amount', label: 'Amount', kind, decimals }) as RuleObject;
  try {
    await rule.validator?.(rule, value, () => undefined);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('money fields', () => {
  it('take up to 2 decimals and 13 whole digits, never below 0', async () => {
    expect(await refusal('money', '350.25')).toBeNull();
    expect(await refusal('money', '9999999999999.99')).toBeNull();
    expect(await refusal('money', '1.234')).toBe('validation.decimals');
    expect(await refusal('money', '-1')).toBe('validation.range');
    expect(await refusal('money', '10000000000000')).toBe('validation.money');
  });
  it('leave plain numbers to their own decimals', async () => {
    expect(await refusal('number', '1.234', 3)).toBeNull();
    expect(await refusal('number', '-5')).toBeNull();
  });
});
