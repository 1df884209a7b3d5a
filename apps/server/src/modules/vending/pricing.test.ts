import { describe, expect, it } from 'vitest';
import { billingPeriodStart, PricingError, type PricingInput, price } from './pricing.js';

const kwh = (n: number) => n * 10;
/** The original's single-step tariff: 350 per kWh, no VAT. */
const flat: PricingInput = {
  steps: [{ startUnits: 0, endUnits: kwh(999999), price4: 350_0000 }],
  taxBp: 0,
  monthlyChargeMinor: 0,
  monthlyChargeDue: false,
  consumedUnits: 0,
  remainingDebtMinor: 0,
  payDebtPercent: 0,
};
/** Two steps: the first 50 kWh at 100, then 200; 7.5 % VAT; a monthly charge of 500. */
const stepped: PricingInput = {
  ...flat,
  steps: [
    { startUnits: 0, endUnits: kwh(50), price4: 100_0000 },
    { startUnits: kwh(50), endUnits: kwh(1000000), price4: 200_0000 },
  ],
  taxBp: 750,
  monthlyChargeMinor: 500_00,
};
const paid = (major: number) => ({ byTotalPaid: true as const, amountMinor: Math.round(major * 100) });
const units = (k: number) => ({ byTotalPaid: false as const, units: Math.round(k * 10) });

describe('pricing by total paid', () => {
  it('reproduces the original: amount ÷ price truncated to 0.1 kWh', () => {
    const cases: [number, number][] = [
      [5000, 14.2],
      [3000, 8.5],
      [2500, 7.1],
      [2200, 6.2],
      [2000, 5.7],
      [1500, 4.2],
      [1100, 3.1],
      [1000, 2.8],
    ];
    for (const [amount, k] of cases) expect(price(flat, paid(amount)).units, String(amount)).toBe(kwh(k));
  });

  it('balances to the minor unit: energy + VAT + monthly + debt + remainder = paid', () => {
    const input = { ...stepped, monthlyChargeDue: true, remainingDebtMinor: 1_000_00, payDebtPercent: 10 };
    for (const amount of [700, 1234.56, 9999.99, 25000]) {
      const b = price(input, paid(amount));
      expect(b.energyMinor + b.taxMinor + b.monthlyChargeMinor + b.payDebtMinor + b.remainderMinor).toBe(
        b.totalPaidMinor,
      );
      // The remainder never buys another 0.1 kWh.
      const more = price({ ...input, monthlyChargeDue: false, payDebtPercent: 0 }, units((b.units + 1) / 10));
      expect(more.energyMinor + more.taxMinor).toBeGreaterThan(b.energyMinor + b.taxMinor + b.remainderMinor);
    }
  });

  it('walks the step blocks from the consumption already bought this period', () => {
    // 50 kWh at 100 = 5000, VAT 375: 5375 buys exactly the first step.
    expect(price(stepped, paid(5375)).units).toBe(kwh(50));
    // 10 kWh more at 200 = 2000 + 150 VAT.
    const b = price(stepped, paid(5375 + 2150));
    expect(b.units).toBe(kwh(60));
    expect(b.stepUnits).toEqual([
      { price4: 100_0000, units: kwh(50) },
      { price4: 200_0000, units: kwh(10) },
    ]);
    // The boundary: having bought 45 kWh already, only 5 kWh are left at the low price.
    const later = price({ ...stepped, consumedUnits: kwh(45) }, paid(5375));
    expect(later.stepUnits[0]).toEqual({ price4: 100_0000, units: kwh(5) });
    expect(later.units).toBeLessThan(kwh(50));
  });

  it('charges VAT on the energy and rounds it down', () => {
    const b = price(
      { ...flat, taxBp: 750, steps: [{ startUnits: 0, endUnits: kwh(1e6), price4: 3333 }] },
      paid(1),
    );
    // 0.3333 per kWh: 2.8 kWh = 0.93324 → 0.93 energy, VAT 7.5 % = 0.06975 → 0.06, total 0.99.
    // 2.9 kWh would be 0.96 + 0.07 = 1.03: over the amount.
    expect(b).toMatchObject({ units: 28, energyMinor: 93, taxMinor: 6, remainderMinor: 1 });
  });

  it('takes the monthly charge only when it is due', () => {
    const due = price({ ...stepped, monthlyChargeDue: true }, paid(1000));
    const paidAlready = price(stepped, paid(1000));
    expect(due.monthlyChargeMinor).toBe(500_00);
    expect(paidAlready.monthlyChargeMinor).toBe(0);
    expect(due.units).toBeLessThan(paidAlready.units);
    expect(() => price({ ...stepped, monthlyChargeDue: true }, paid(400))).toThrow(/monthly charge/);
  });

  it('recovers debt by percentage, never more than the debt', () => {
    const b = price({ ...flat, remainingDebtMinor: 1_000_00, payDebtPercent: 20 }, paid(3500));
    expect(b.payDebtMinor).toBe(700_00);
    expect(b.units).toBe(kwh(8));
    const small = price({ ...flat, remainingDebtMinor: 100_00, payDebtPercent: 20 }, paid(3500));
    expect(small.payDebtMinor).toBe(100_00);
    expect(price({ ...flat, remainingDebtMinor: 0, payDebtPercent: 50 }, paid(3500)).payDebtMinor).toBe(0);
  });

  it('refuses an amount too small for one unit, zero, or a bad percentage', () => {
    expect(() => price(flat, paid(34.99))).toThrow(PricingError);
    expect(() => price(flat, paid(34.99))).toThrow(/too small/);
    expect(price(flat, paid(35)).units).toBe(1);
    expect(() => price(flat, paid(0))).toThrow(/greater than zero/);
    expect(() => price({ ...flat, payDebtPercent: 101 }, paid(100))).toThrow(/0–100/);
  });

  it('refuses a tariff with gaps or none at all, or one that gives energy away', () => {
    expect(() => price({ ...flat, steps: [] }, paid(100))).toThrow(/no price steps/);
    expect(() => price({ ...flat, steps: [{ startUnits: 10, endUnits: 20, price4: 1 }] }, paid(100))).toThrow(
      /start at 0/,
    );
    expect(() =>
      price({ ...flat, steps: [{ startUnits: 0, endUnits: 2 ** 45, price4: 0 }] }, paid(100)),
    ).toThrow(/free/);
  });
});

describe('pricing by total unit (the inverse)', () => {
  it('prices units with VAT, monthly charge and the debt share of the whole payment', () => {
    const b = price(
      { ...stepped, monthlyChargeDue: true, remainingDebtMinor: 10_000_00, payDebtPercent: 20 },
      units(60),
    );
    expect(b.energyMinor).toBe(7000_00);
    expect(b.taxMinor).toBe(525_00);
    expect(b.monthlyChargeMinor).toBe(500_00);
    // 8025 is 80 % of the payment: the debt share is 8025 × 20 / 80.
    expect(b.payDebtMinor).toBe(2006_25);
    expect(b.totalPaidMinor).toBe(10031_25);
  });

  it('paying the price of N units by total paid buys at least N units, and the same figures', () => {
    const inputs: PricingInput[] = [
      flat,
      stepped,
      {
        ...stepped,
        monthlyChargeDue: true,
        remainingDebtMinor: 3_333_33,
        payDebtPercent: 33,
        consumedUnits: 123,
      },
      { ...flat, taxBp: 1234, remainingDebtMinor: 99, payDebtPercent: 7 },
    ];
    for (const input of inputs) {
      for (const k of [0.1, 1, 7.3, 49.9, 50, 50.1, 123.4]) {
        const byUnit = price(input, units(k));
        const byPaid = price(input, { byTotalPaid: true, amountMinor: byUnit.totalPaidMinor });
        expect(byPaid.units, `${k}`).toBeGreaterThanOrEqual(byUnit.units);
        expect(byPaid.units - byUnit.units, `${k}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses zero or fractional units', () => {
    expect(() => price(flat, { byTotalPaid: false, units: 0 })).toThrow(/at least 0.1/);
    expect(() => price(flat, { byTotalPaid: false, units: 1.5 })).toThrow(/at least 0.1/);
  });
});

describe('billing period', () => {
  it('starts on the latest billing day at midnight', () => {
    expect(billingPeriodStart(new Date(2026, 10, 22, 9), 15)).toEqual(new Date(2026, 10, 15));
    expect(billingPeriodStart(new Date(2026, 10, 10, 9), 15)).toEqual(new Date(2026, 9, 15));
    expect(billingPeriodStart(new Date(2026, 0, 3), 5)).toEqual(new Date(2025, 11, 5));
    expect(billingPeriodStart(new Date(2026, 10, 15, 0, 0, 0), 15)).toEqual(new Date(2026, 10, 15));
  });

  it('clamps a billing day past the month end', () => {
    expect(billingPeriodStart(new Date(2026, 1, 28, 12), 31)).toEqual(new Date(2026, 1, 28));
    expect(billingPeriodStart(new Date(2026, 2, 10), 31)).toEqual(new Date(2026, 1, 28));
  });
});
