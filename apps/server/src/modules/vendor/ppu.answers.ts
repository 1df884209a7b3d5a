import type { ChannelTokenRecord } from '../vending/index.js';
import type { LedgerAmount, Meter, PurchaseResponse, TransactionFields } from './ppu.models.js';

/** Our institution in the identifiers we add to answers: the utility's vending server. */
export const PROVIDER_ID = 'prepay-vending';

/** What an answer repeats of its request (institutions and the parties' references), with our time. */
export type Echo = Pick<
  TransactionFields,
  'originator' | 'client' | 'settlementEntity' | 'receiver' | 'thirdPartyIdentifiers'
>;

export const echoOf = (t: TransactionFields): Echo => ({
  originator: t.originator,
  client: t.client,
  ...(t.settlementEntity ? { settlementEntity: t.settlementEntity } : {}),
  ...(t.receiver ? { receiver: t.receiver } : {}),
  thirdPartyIdentifiers: t.thirdPartyIdentifiers,
});

/** The transaction members of an answer: the request's id and parties, our reference added once. */
export function answerOf(id: string, echo: Echo, now: Date, reference?: string): TransactionFields {
  const ours = reference ? [{ institutionId: PROVIDER_ID, transactionIdentifier: reference }] : [];
  const theirs = echo.thirdPartyIdentifiers.filter((t) => t.institutionId !== PROVIDER_ID);
  return { id, time: now.toISOString(), ...echo, thirdPartyIdentifiers: [...theirs, ...ours] };
}

/** The currency of answers whose request named none (a lookup, a reprint of a sale made over XMLVend). */
export const UTILITY_CURRENCY = '000';

/** A receipt number as a reference may carry it (digits only), else null. */
export const receiptNumber = (ref: string | undefined) =>
  ref && /^\d{1,10}$/.test(ref) ? Number(ref) : null;

/**
 * The receipt number our answer to a purchase carried among its third-party identifiers: an advice repeats
 * those identifiers, so it names the sale by it even when the sale was made over another channel.
 */
export const ourReceipt = (ids: TransactionFields['thirdPartyIdentifiers']) =>
  receiptNumber(ids.find((i) => i.institutionId === PROVIDER_ID)?.transactionIdentifier);

const money = (amount: number, currency: string): LedgerAmount => ({ amount, currency });

/** The customer as printed on a slip: the name split once, the address as stored. */
export function customerOf(r: { customerName: string | null; customerAddress: string | null }) {
  const [firstName = '', ...rest] = (r.customerName ?? '').split(' ');
  return {
    firstName: firstName.slice(0, 40),
    lastName: rest.join(' ').slice(0, 40),
    ...(r.customerAddress ? { address: r.customerAddress.slice(0, 80) } : {}),
  };
}

export const utilityOf = (stationId: string) => ({
  name: 'Prepayment System',
  clientId: stationId.slice(0, 20),
});

/** The purchase answer made from the token record: the tokens only when `withToken` (not for a trial). */
export function purchaseAnswer(
  t: TransactionFields,
  r: ChannelTokenRecord,
  meter: Meter,
  currency: string,
  withToken: boolean,
): PurchaseResponse {
  const energy = r.energyMinor ?? 0;
  const tax = r.taxMinor ?? 0;
  const token = {
    tokenType: 'STD' as const,
    units: (r.units ?? 0) / 10,
    amount: { ...money(energy + tax, currency), tax, taxType: 'VAT' },
    receiptNum: String(r.receiptId),
    token: r.token,
  };
  const payDebt = r.payDebtMinor ?? 0;
  const monthly = r.monthlyChargeMinor ?? 0;
  return {
    ...t,
    purchaseTotal: money(energy, currency),
    taxTotal: money(tax, currency),
    meter,
    customer: customerOf(r),
    utility: utilityOf(r.stationId),
    ...(withToken ? { tokens: [token] } : { tokens: [] }),
    debtRecoveryCharges:
      payDebt > 0
        ? [
            {
              amount: money(payDebt, currency),
              description: 'Debt recovery',
              balance: money(r.remainingDebtMinor ?? 0, currency),
            },
          ]
        : [],
    serviceCharges: monthly > 0 ? [{ amount: money(monthly, currency), description: 'Monthly charge' }] : [],
  };
}
