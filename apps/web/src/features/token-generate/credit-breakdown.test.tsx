import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { creditReceipt } from '../../components/vending/receipt';
import { i18n, setLanguage } from '../../lib/i18n';
import { type Breakdown, CreditBreakdown, CreditSummary } from './credit-breakdown';

const record: Breakdown = {
  totalPaid: 1000,
  energyCharge: 744.19,
  tax: 55.81,
  monthlyCharge: 100,
  payDebt: 100,
  debtPercent: 10,
  totalDebt: 500,
  remainingDebt: 400,
  remainder: 0,
  carriedIn: 0,
  carriedOut: 0,
  totalUnit: 74.4,
  meterType: 0,
};

const text = (key: string) => screen.getByTestId(`breakdown-${key}`).textContent;
/** The record printed on a receipt: `record` sold to customer C1 (Ada) under receipt `receiptId`. */
const sold = (receiptId: number) => ({
  ...record,
  receiptId,
  customerId: 'C1',
  customerName: 'Ada',
  meterId: '1',
  token: '1'.repeat(20),
  createId: 'a',
  createDate: null,
});
/** A line of the breakdown, or null where it is not shown. */
const line = (key: string) => screen.queryByTestId(`breakdown-${key}`);

describe('CreditBreakdown', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('shows every figure with 2 places for money and 1 for units', () => {
    render(<CreditBreakdown record={record} />);
    expect(text('totalPaid')).toBe('1000.00');
    expect(text('energyCharge')).toBe('744.19');
    expect(text('tax')).toBe('55.81');
    expect(text('monthlyCharge')).toBe('100.00');
    expect(text('payDebt')).toBe('100.00');
    expect(text('remainingDebt')).toBe('400.00');
    expect(text('totalUnit')).toBe('74.4 kWh');
    expect(screen.getByText('Debt Paid (10%)')).toBeTruthy();
    expect(screen.getByText('VAT Charge')).toBeTruthy();
    // No remainder line when everything bought units.
    expect(line('remainder')).toBeNull();
    // Nor carried change lines when none is spent or left.
    expect(line('carriedIn')).toBeNull();
    expect(line('carriedOut')).toBeNull();
  });

  it('shows debt lines that add up: total, repaid by earlier sales, this sale, remaining after it', () => {
    render(
      <CreditBreakdown
        record={{ ...record, totalDebt: 10_700, payDebt: 0, debtPercent: 0, remainingDebt: 6_635.35 }}
      />,
    );
    expect(text('totalDebt')).toBe('10700.00');
    expect(text('debtRepaidBefore')).toBe('4064.65');
    expect(text('payDebt')).toBe('0.00');
    expect(text('remainingDebt')).toBe('6635.35');
    expect(screen.getByText('Debt Remaining after This Sale')).toBeTruthy();
  });

  it('shows no earlier repayment when this sale is the first to repay, and no debt lines without debt', () => {
    render(<CreditBreakdown record={record} />);
    expect(line('debtRepaidBefore')).toBeNull();
    cleanup();
    render(<CreditBreakdown record={{ ...record, totalDebt: 0, remainingDebt: 0, payDebt: 0 }} />);
    expect(line('totalDebt')).toBeNull();
  });

  it('shows the change carried forward (not as a remainder) and the change spent from earlier sales', () => {
    render(<CreditBreakdown record={{ ...record, remainder: 0.65, carriedOut: 0.65, carriedIn: 0.4 }} />);
    expect(text('carriedOut')).toBe('0.65');
    expect(text('carriedIn')).toBe('0.40');
    expect(screen.getByText('Change Carried Forward')).toBeTruthy();
    expect(screen.getByText('Change from Earlier Sales')).toBeTruthy();
    expect(line('remainder')).toBeNull();
  });

  it('says in the summary what is carried forward and what was spent from earlier sales', () => {
    render(
      <CreditSummary
        record={{ ...record, remainder: 0.65, carriedOut: 0.65, carriedIn: 0.4 }}
        currency="NGN"
      />,
    );
    const summary = screen.getByTestId('vend-summary').textContent;
    expect(summary).toContain('0.40 NGN of change from earlier sales is spent on this sale first.');
    expect(summary).toContain('0.65 NGN buys less than 0.1 kWh: it is kept as change carried forward');
    expect(summary).not.toContain('buys nothing');
  });

  it('shows the remainder and m³ for water meters', () => {
    render(<CreditBreakdown record={{ ...record, remainder: 0.05, meterType: 1 }} />);
    expect(text('remainder')).toBe('0.05');
    expect(text('totalUnit')).toBe('74.4 m³');
  });

  it('is translated', async () => {
    await setLanguage('zh');
    render(<CreditBreakdown record={record} />);
    expect(screen.getByText('增值税')).toBeTruthy();
    await setLanguage('es');
    expect(i18n.t('vending.validation.paidDecimals')).toBe('Importe pagado con 2 decimales como máximo');
  });
});

describe('credit receipt', () => {
  it('carries receipt id, customer, meter, units, amounts, VAT, monthly charge, debt, token, date and operator', () => {
    const payload = creditReceipt(i18n.t.bind(i18n), {
      ...record,
      receiptId: 42,
      customerId: 'C001',
      customerName: 'Ada',
      customerAddress: '1 Vend Street',
      meterId: '47001234567',
      tariffId: 'T1',
      tariffName: 'RESIDENTIAL',
      token: '12345678901234567890',
      createId: 'admin',
      createDate: '2025-01-02 03:04:05',
      paymentMethod: 'Cash',
    });
    const lines = Object.fromEntries(payload.lines ?? []);
    expect(payload.receipt).toBe(true);
    expect(lines['Receipt Id']).toBe('42');
    expect(lines['Customer Name']).toBe('Ada');
    expect(lines['Meter Id']).toBe('47001234567');
    expect(lines['Total Unit']).toBe('74.4 kWh');
    expect(lines['Total Paid']).toBe('1000.00');
    expect(lines['VAT Charge']).toBe('55.81');
    expect(lines['Monthly Charge']).toBe('100.00');
    expect(lines['Debt Paid']).toBe('100.00');
    expect(lines['Remaining Debt']).toBe('400.00');
    // The token is printed apart, large, in its five groups.
    expect(payload.token).toBe('1234 5678 9012 3456 7890');
    expect(lines.Date).toBe('2025-01-02 03:04:05');
    expect(lines.Operator).toBe('admin');
    expect(payload.marks).toEqual([]);
    // No carried change on this sale: no line for it.
    expect(lines['Change Carried Forward']).toBeUndefined();
    expect(lines['Change from Earlier Sales']).toBeUndefined();
  });

  it('prints the change carried forward and the change spent from earlier sales', () => {
    const payload = creditReceipt(
      i18n.t.bind(i18n),
      { ...sold(8), carriedIn: 0.4, carriedOut: 32.5 },
      { currency: 'NGN' },
    );
    const lines = Object.fromEntries(payload.lines ?? []);
    expect(lines['Change Carried Forward']).toBe('32.50 NGN');
    expect(lines['Change from Earlier Sales']).toBe('0.40 NGN');
  });

  it('adds the currency, company and station; a reprint says COPY, a cancelled vend CANCELLED', () => {
    const payload = creditReceipt(i18n.t.bind(i18n), sold(7), {
      currency: 'NGN',
      company: 'Demo Power',
      station: '0001 — Main',
      copy: true,
      cancelled: true,
    });
    const lines = Object.fromEntries(payload.lines ?? []);
    expect(lines['Total Paid']).toBe('1000.00 NGN');
    expect(lines['VAT Charge']).toBe('55.81 NGN');
    expect(lines.Station).toBe('0001 — Main');
    expect(payload.company).toBe('Demo Power');
    expect(payload.marks).toEqual(['CANCELLED', 'COPY']);
  });
});
