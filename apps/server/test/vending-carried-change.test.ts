import type { CreditTokenRecord } from '@prepay/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { tariffs } from '../src/db/schema.js';
import { unchangedBy } from './fingerprint.js';
import { apiTest, suiteHelper, type TestApp } from './harness.js';
import { cancelVend, creditVend, debtRow, vendableMeter } from './vending-fixture.js';

/**
 * Any cash amount sells: what buys less than 0.1 unit is carried forward on the meter and the next sale
 * spends it first; a cancel gives back what its sale took. One ledger: for every sale, money in (cash and
 * carried change) is energy, tax, monthly charge, debt and the change it carries on.
 */
type Rec = CreditTokenRecord;
const minor = (x: number) => Math.round(x * 100);

const it = apiTest().extend(
  'vend',
  suiteHelper((t: TestApp, admin: string) => (body: Record<string, unknown>) => creditVend(t, body, admin)),
);

const tariffArb = fc.record({
  priceMinor: fc.integer({ min: 37, max: 4_999 }),
  taxBp: fc.integer({ min: 0, max: 2_000 }),
  monthlyChargeMinor: fc.constantFrom(0, 0, 150_00, 1_234),
  stepAt: fc.option(fc.integer({ min: 1, max: 800 }), { nil: null }),
  debtMinor: fc.constantFrom(0, 0, 99, 2_500_00),
});
const opArb = fc.oneof(
  fc.record({ kind: fc.constant('paid' as const), amountMinor: fc.integer({ min: 1, max: 9_000_00 }) }),
  fc.record({ kind: fc.constant('units' as const), units: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('cancel' as const), which: fc.nat() }),
);
const percentArb = fc.constantFrom(0, 10, 50, 100);

let meterSerial = 0;

/** A meter on a tariff of these terms, with this much debt. */
async function meterOn(t: TestApp, terms: TermsOf) {
  meterSerial += 1;
  const meterId = `479${String(meterSerial).padStart(8, '0')}`;
  const m = await vendableMeter(t, { meterId, debtMinor: terms.debtMinor });
  const steps = terms.stepAt
    ? [
        { start: 0, end: terms.stepAt, price: terms.priceMinor },
        { start: terms.stepAt, end: null, price: terms.priceMinor * 2 },
      ]
    : [];
  await t.database.db
    .update(tariffs)
    .set({
      priceMinor: terms.priceMinor,
      taxBp: terms.taxBp,
      monthlyChargeMinor: terms.monthlyChargeMinor,
      steps,
    })
    .where(eq(tariffs.tariffId, m.tariffId));
  return m;
}
type TermsOf = {
  priceMinor: number;
  taxBp: number;
  monthlyChargeMinor: number;
  stepAt: number | null;
  debtMinor: number;
};

/** A sale's own books: cash and carried change in equal energy, tax, charges, debt and change carried on. */
function expectBalanced(r: Rec) {
  const inflow = minor(r.totalPaid) + minor(r.carriedIn);
  const outflow =
    minor(r.energyCharge) + minor(r.tax) + minor(r.monthlyCharge) + minor(r.payDebt) + minor(r.carriedOut);
  expect(inflow, `receipt ${r.receiptId}`).toBe(outflow);
}

describe('change carried forward', () => {
  it('money in equals energy, tax, charges, debt and carried change across tariffs, amounts, debts and cancels', async ({
    t,
    admin,
    vend,
  }) => {
    await fc.assert(
      fc.asyncProperty(
        tariffArb,
        fc.array(fc.tuple(opArb, percentArb), { minLength: 1, maxLength: 6 }),
        async (terms, ops) => {
          const { meterId, customerId } = await meterOn(t, terms);
          const sold: Rec[] = [];
          const live = () => sold.filter((r) => r.status === 0);
          const balance = () => live().reduce((s, r) => s + minor(r.carriedOut) - minor(r.carriedIn), 0);
          for (const [op, payDebtPercent] of ops) {
            if (op.kind === 'cancel') {
              const target = live()[op.which % Math.max(1, live().length)];
              if (!target) continue;
              const res = await cancelVend(t, admin, { receiptId: target.receiptId, remark: 'test' });
              expect(res.code, res.reason).toBe(0);
              target.status = 1;
              continue;
            }
            const body =
              op.kind === 'paid'
                ? { meterId, amount: (op.amountMinor / 100).toFixed(2), payDebtPercent }
                : { meterId, amount: (op.units / 10).toFixed(1), isVendByTotalPaid: false, payDebtPercent };
            const before = balance();
            const res = await vend(body);
            if (res.code !== 0) {
              // A refusal names why and sells nothing; the books stay as they were.
              expect(res.reason.length).toBeGreaterThan(0);
              continue;
            }
            const r = res.result;
            expect(minor(r.carriedIn)).toBe(before);
            expectBalanced(r);
            if (op.kind === 'paid') {
              expect(minor(r.totalPaid)).toBe(op.amountMinor);
              expect(r.carriedOut).toBe(r.remainder);
            }
            sold.push(r);
          }
          // Over the whole history: cash taken equals what it bought plus the change still carried.
          const cash = live().reduce((s, r) => s + minor(r.totalPaid), 0);
          const spent = live().reduce(
            (s, r) => s + minor(r.energyCharge) + minor(r.tax) + minor(r.monthlyCharge) + minor(r.payDebt),
            0,
          );
          expect(cash).toBe(spent + balance());
          if (terms.debtMinor > 0) {
            const repaid = live().reduce((s, r) => s + minor(r.payDebt), 0);
            expect((await debtRow(t, customerId))?.remainingDebtMinor).toBe(terms.debtMinor - repaid);
          }
          // The next sale starts from exactly that change.
          const next = await vend({ meterId, amount: '100000', isPreview: true });
          if (next.code === 0) expect(minor(next.result.carriedIn)).toBe(balance());
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);

  it('a round amount sells, keeps the change, and the next sale spends it first', async ({ t, vend }) => {
    const { meterId } = await meterOn(t, {
      priceMinor: 1_07,
      taxBp: 750,
      monthlyChargeMinor: 0,
      stepAt: null,
      debtMinor: 0,
    });
    const first = (await vend({ meterId, amount: '6000' })).result;
    expect(first.totalPaid).toBe(6000);
    expect(first.carriedOut).toBeGreaterThan(0);
    expectBalanced(first);
    const second = (await vend({ meterId, amount: '6000' })).result;
    expect(second.carriedIn).toBe(first.carriedOut);
    expectBalanced(second);
  });

  it('refuses an amount that does not cover what is taken first, naming each and the least amount, and writes nothing', async ({
    t,
    vend,
  }) => {
    const { meterId } = await meterOn(t, {
      priceMinor: 10_00,
      taxBp: 750,
      monthlyChargeMinor: 500_00,
      stepAt: null,
      debtMinor: 1_000_00,
    });
    let least = '';
    await unchangedBy(t.database, async () => {
      const res = await vend({ meterId, amount: '50', payDebtPercent: 20 });
      expect(res.code).not.toBe(0);
      expect(res.reason).toMatch(/monthly charge 500\.00/);
      expect(res.reason).toMatch(/debt share 10\.00/);
      const detail = (res as unknown as { detail: Record<string, string> }).detail;
      expect(detail).toMatchObject({ key: 'notCovered', monthlyCharge: '500.00', payDebt: '10.00' });
      least = detail.least ?? '';
      expect(res.reason).toContain(`least amount that vends is ${least}`);
      const below = await vend({
        meterId,
        amount: (minor(Number(least)) / 100 - 0.01).toFixed(2),
        payDebtPercent: 20,
      });
      expect(below.code).not.toBe(0);
    });
    const sold = await vend({ meterId, amount: least, payDebtPercent: 20 });
    expect(sold.code, sold.reason).toBe(0);
    expect(sold.result.totalUnit).toBe(0.1);
  });
});
