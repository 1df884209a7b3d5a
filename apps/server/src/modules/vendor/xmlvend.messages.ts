import { minorToString, toMinor } from '../../kernel/money.js';
import type { ChannelTokenRecord } from '../vending/index.js';
import { xmlVendFault } from './xmlvend.faults.js';
import type { OutNode, XmlNode, XmlValue } from './xmlvend.xml.js';

/** How this server names itself in answers (`serverID`). */
export const SERVER_ID = 'prepay-vending';

const nodeOf = (v: XmlValue): XmlNode | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;

/** A child element, or the schema fault when a required one is missing. */
export function child(n: XmlNode, name: string, required = true): XmlNode | undefined {
  const c = nodeOf(n[name]);
  if (!c && required) throw xmlVendFault('XV01');
  return c;
}

/** An attribute, or the schema fault when a required one is missing or empty. */
export function attr(n: XmlNode | undefined, name: string): string {
  const v = n?.[`@_${name}`];
  if (typeof v !== 'string' || v.trim() === '') throw xmlVendFault('XV01');
  return v.trim();
}

/** The local name of an element's `xsi:type` ("b:ReversalAdviceReq" → "ReversalAdviceReq"). */
export const xsiTypeOf = (n: XmlNode | undefined) => String(n?.['@_type'] ?? '').replace(/^.*:/, '');

const textOf = (v: XmlValue) => (typeof v === 'string' ? v : '');

/** A device id (EAN or generic) as its value and the type it came in, so the answer echoes it alike. */
export interface DeviceId {
  value: string;
  ean: boolean;
}
const deviceOf = (n: XmlNode | undefined): DeviceId => {
  if (typeof n?.['@_ean'] === 'string') return { value: attr(n, 'ean'), ean: true };
  return { value: attr(n, 'id'), ean: false };
};

export interface MsgId {
  dateTime: string;
  uniqueNumber: string;
}
export const msgIdOf = (n: XmlNode | undefined): MsgId => {
  const m = { dateTime: attr(n, 'dateTime'), uniqueNumber: attr(n, 'uniqueNumber') };
  if (!/^\d{1,20}$/.test(m.uniqueNumber) || !/^[\dT:.+\-Z]{8,35}$/.test(m.dateTime))
    throw xmlVendFault('XV01');
  return m;
};

/** What every XMLVend request carries: who sends it, its message id and the operator's credential. */
export interface RequestHeader {
  client: DeviceId;
  terminal: DeviceId;
  msgId: MsgId;
  opName: string | null;
  password: string | null;
}

export function headerOf(n: XmlNode): RequestHeader {
  const cred = child(n, 'authCred', false);
  return {
    client: deviceOf(child(n, 'clientID')),
    terminal: deviceOf(child(n, 'terminalID')),
    msgId: msgIdOf(child(n, 'msgID')),
    opName: cred ? textOf(cred.opName) || null : null,
    password: cred ? textOf(cred.password) || null : null,
  };
}

/** The meter a request names: only by meter number (a customer id or account lookup is not offered). */
export function meterNumberOf(n: XmlNode): string {
  const idMethod = child(n, 'idMethod');
  const identifier = idMethod ? child(idMethod, 'meterIdentifier', false) : undefined;
  if (!identifier) throw xmlVendFault(idMethod?.custIdentifier ? 'XV02' : 'XV01');
  const msno = attr(identifier, 'msno');
  if (!/^[\w-]{1,32}$/.test(msno)) throw xmlVendFault('XV01');
  return msno;
}

/** A purchase's money: the amount in minor units and the currency symbol the answer repeats. */
export function purchaseValueOf(n: XmlNode): { amountMinor: number; symbol: string } {
  const value = child(n, 'purchaseValue');
  const amt = value ? child(value, 'amt', false) : undefined;
  if (!amt) throw xmlVendFault(value?.units ? 'XV02' : 'XV01');
  const text = attr(amt, 'value');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) throw xmlVendFault('XV01');
  return { amountMinor: toMinor(text), symbol: attr(amt, 'symbol') };
}

/** Money on the wire: a decimal with 2 places and the request's currency symbol. */
export const currency = (minor: number, symbol: string): OutNode => ({
  '@_value': minorToString(minor),
  '@_symbol': symbol,
});

const device = (d: DeviceId): OutNode =>
  d.ean
    ? { '@_xsi:type': 'b:EANDeviceID', '@_ean': d.value }
    : { '@_xsi:type': 'b:GenericDeviceID', '@_id': d.value };

const msgIdNode = (m: MsgId): OutNode => ({ '@_dateTime': m.dateTime, '@_uniqueNumber': m.uniqueNumber });

/** The members every answer starts with (BaseResp): the parties, the request's id echoed, our time. */
export function responseHeader(h: RequestHeader, now: Date): OutNode {
  return {
    'b:clientID': device(h.client),
    'b:serverID': { '@_xsi:type': 'b:GenericDeviceID', '@_id': SERVER_ID },
    'b:terminalID': device(h.terminal),
    'b:reqMsgID': msgIdNode(h.msgId),
    'b:respDateTime': now.toISOString(),
  };
}

export const adviceMsgIdNode = msgIdNode;

/** The meter as a slip names it: its number, key identity and token technology. */
export interface MeterKey {
  msno: string;
  sgc: string | null;
  krn: number | null;
  ti: number | null;
  ea: string;
}

export const meterDetail = (m: MeterKey): OutNode => ({
  '@_msno': m.msno,
  '@_sgc': m.sgc ?? '',
  '@_krn': String(m.krn ?? ''),
  '@_ti': String(m.ti ?? '').padStart(2, '0'),
  'b:meterType': { '@_at': m.ea, '@_tt': '02' },
});

/** What a vend answer is made of besides the request: the sale's record, the meter and the tax rate. */
export interface VendFacts {
  record: ChannelTokenRecord;
  meter: MeterKey;
  taxBp: number;
  symbol: string;
  vendorName: string;
  availCreditMinor: number;
  /** A trial prices the sale: no token is issued. */
  trial: boolean;
}

const vat = (minor: number, taxBp: number, symbol: string): OutNode => ({
  '@_xsi:type': 'b:VAT',
  '@_rate': (taxBp / 10000).toFixed(4),
  'b:amt': currency(minor, symbol),
});

function creditTx(f: VendFacts): OutNode {
  const r = f.record;
  return {
    '@_xsi:type': 'r:CreditVendTx',
    '@_receiptNo': String(r.receiptId),
    'r:amt': currency(r.energyMinor ?? 0, f.symbol),
    'r:tax': vat(r.taxMinor ?? 0, f.taxBp, f.symbol),
    'r:creditTokenIssue': {
      '@_xsi:type': 'b:SaleCredTokenIssue',
      'b:desc': f.trial ? 'Trial Sale' : 'Normal Sale',
      'b:meterDetail': meterDetail(f.meter),
      'b:token': { '@_xsi:type': 'b:STS1Token', 'b:stsCipher': f.trial ? '' : (r.token ?? '') },
      'b:units': { '@_value': ((r.units ?? 0) / 10).toFixed(1), '@_siUnit': 'KWH' },
      'b:resource': { '@_xsi:type': 'b:Electricity' },
    },
    'r:tariff': { 'b:name': r.tariffName ?? '' },
  };
}

/** The debt recovered and the month's charge, each a transaction of its own after the credit. */
function otherTxs(f: VendFacts): OutNode[] {
  const r = f.record;
  const txs: OutNode[] = [];
  if ((r.payDebtMinor ?? 0) > 0) {
    txs.push({
      '@_xsi:type': 'r:DebtRecoveryTx',
      '@_receiptNo': String(r.receiptId),
      'r:amt': currency(r.payDebtMinor ?? 0, f.symbol),
      'r:accDesc': 'Debt recovery',
      'r:accNo': r.customerId ?? '',
      'r:balance': currency(r.remainingDebtMinor ?? 0, f.symbol),
    });
  }
  if ((r.monthlyChargeMinor ?? 0) > 0) {
    txs.push({
      '@_xsi:type': 'r:ServiceChrgTx',
      '@_receiptNo': String(r.receiptId),
      'r:amt': currency(r.monthlyChargeMinor ?? 0, f.symbol),
      'r:accDesc': 'Monthly charge',
    });
  }
  return txs;
}

export const custVendDetail = (r: {
  customerName: string | null;
  customerAddress: string | null;
  customerId: string | null;
}): OutNode => ({
  '@_name': r.customerName ?? '',
  '@_address': r.customerAddress ?? '',
  '@_accNo': r.customerId ?? '',
});

/** A (trial) credit vend answer after its header: float left, utility, vendor, customer and the receipt. */
export function vendBody(f: VendFacts): OutNode {
  const r = f.record;
  return {
    'b:dispHeader': f.trial ? 'TRIAL CREDIT VEND' : 'CREDIT VEND - TAX INVOICE',
    'b:clientStatus': { 'b:availCredit': currency(f.availCreditMinor, f.symbol) },
    'b:utility': { '@_name': 'Prepayment System', '@_address': r.stationId, '@_taxRef': r.stationId },
    'b:vendor': { '@_name': f.vendorName, '@_address': '' },
    'b:custVendDetail': custVendDetail(r),
    'r:creditVendReceipt': {
      '@_receiptNo': String(r.receiptId),
      'r:transactions': {
        'r:tx': [creditTx(f), ...otherTxs(f)],
        'r:tenderAmt': currency(r.totalPaidMinor ?? 0, f.symbol),
      },
    },
  };
}
