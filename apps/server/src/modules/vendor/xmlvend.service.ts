import type { Deps } from '../../deps.js';
import { localDay } from '../../lib/dates.js';
import type { ChannelTokenRecord, ChannelVending } from '../vending/index.js';
import { logged } from './advice-log.js';
import { authenticate } from './channel-caller.js';
import { insertAdvice } from './channel-console.repo.js';
import {
  asChannelError,
  type ChannelCall,
  confirmSale,
  reverseSale,
  sellableMeter,
} from './channel-service.js';
import type { CredentialCache } from './credential-cache.js';
import { ChannelError } from './ppu.errors.js';
import { type FloatLeft, sellWithFloat } from './ppu.sale.js';
import {
  type ChannelMessage,
  findMessage,
  findPurchase,
  findVendorByClient,
  lastPurchase,
  type SaleRef,
} from './vendor.repo.js';
import { faultOfChannel, type XmlVendStep, xmlVendFault } from './xmlvend.faults.js';
import {
  adviceMsgIdNode,
  child,
  currency,
  custVendDetail,
  headerOf,
  type MeterKey,
  meterDetail,
  meterNumberOf,
  msgIdOf,
  purchaseValueOf,
  type RequestHeader,
  responseHeader,
  vendBody,
  xsiTypeOf,
} from './xmlvend.messages.js';
import { NS, type OutNode, type SoapRequest, type XmlNode } from './xmlvend.xml.js';

/** The currency symbol of answers whose request names none (confirm customer). */
const DEFAULT_SYMBOL = 'R';

/** How the vendor's machine proved itself beyond the message: its address and any HTTP Basic header. */
export interface XmlVendTransport {
  authorization: string | undefined;
  ipAddress: string | null;
}

/** A request read and its sender authenticated: what every operation starts from. */
interface Authenticated {
  node: XmlNode;
  header: RequestHeader;
  call: ChannelCall;
}

const basic = (user: string, secret: string) =>
  `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

/**
 * The sender: the vendor whose client id the message names, from the terminal registered for it, proving
 * itself with its machine secret (the message's authCred password, else HTTP Basic as on the REST channel).
 */
async function authenticated(
  deps: Deps,
  credentials: CredentialCache,
  node: XmlNode,
  t: XmlVendTransport,
): Promise<Authenticated> {
  const header = headerOf(node);
  const known = await findVendorByClient(deps.database.db, header.client.value);
  if (!known || known.terminalId !== header.terminal.value) throw xmlVendFault('XV03');
  const proof = header.password ? basic(known.vendorId, header.password) : t.authorization;
  const vendor = await authenticate(deps, credentials, proof).catch(() => {
    throw xmlVendFault('XV03');
  });
  if (vendor.vendorId !== known.vendorId) throw xmlVendFault('XV03');
  // The row read here by client id is current; the authenticated one may come from the credential cache,
  // whose balance can be behind.
  return { node, header, call: { vendor: known, ipAddress: t.ipAddress } };
}

/** How the purchase keys of sales made over XMLVend start. */
const XV = 'xv:';

/** The purchase key of an XMLVend message: its client, terminal and msgID, so that no two ever vend. */
const saleKey = (
  h: Pick<RequestHeader, 'client' | 'terminal'>,
  m: { dateTime: string; uniqueNumber: string },
) => `${XV}${h.client.value}:${h.terminal.value}:${m.dateTime}:${m.uniqueNumber}`;

/** A shared channel refusal as this step's XMLVend fault. */
const inStep = (step: XmlVendStep) => (err: unknown) => {
  if (err instanceof ChannelError) throw faultOfChannel(step, err.errorType);
  throw err;
};

async function meterFor(vending: ChannelVending, a: Authenticated) {
  const m = await sellableMeter(vending, a.call, meterNumberOf(a.node)).catch(inStep('sale'));
  const key: MeterKey = { msno: m.vendable.meter.meterId, ...m.vendable.meter };
  return { m, key };
}

async function confirmCustomer(deps: Deps, vending: ChannelVending, a: Authenticated): Promise<OutNode> {
  const { m, key } = await meterFor(vending, a);
  const v = a.call.vendor;
  const c = m.vendable.customer;
  return {
    'r:confirmCustomerResp': {
      ...responseHeader(a.header, deps.clock.now()),
      'r:confirmCustResult': {
        'r:custVendDetail': custVendDetail({ ...c, customerAddress: c.address }),
        'r:custVendConfig': {
          '@_canVend': 'true',
          'r:maxVendAmt': currency(Math.max(0, v.balanceMinor + v.creditLimitMinor), DEFAULT_SYMBOL),
          'r:minVendAmt': currency(1, DEFAULT_SYMBOL),
        },
        'r:meterDetail': meterDetail(key),
      },
    },
  };
}

async function trialCreditVend(deps: Deps, vending: ChannelVending, a: Authenticated): Promise<OutNode> {
  const { m, key } = await meterFor(vending, a);
  const { amountMinor, symbol } = purchaseValueOf(a.node);
  const v = a.call.vendor;
  if (amountMinor < 1) throw xmlVendFault('XV08');
  if (amountMinor > v.balanceMinor + v.creditLimitMinor) throw xmlVendFault('XV06');
  const amount = (amountMinor / 100).toFixed(2);
  const record = await vending
    .trial(m.caller.ctx, { meterId: key.msno, amount, messageId: 'trial', paymentMethod: 'trial' })
    .catch(asChannelError)
    .catch(inStep('sale'));
  const facts = { record, meter: key, taxBp: m.vendable.tariff.taxBp, symbol, vendorName: v.vendorName };
  return {
    'r:trialCreditVendResp': {
      ...responseHeader(a.header, deps.clock.now()),
      ...vendBody({ ...facts, availCreditMinor: v.balanceMinor + v.creditLimitMinor, trial: true }),
    },
  };
}

/**
 * A credit vend under a msgID this terminal never used: the float pays in the vend's transaction and the
 * answer is kept with the sale, so a last-response advice returns it exactly. A msgID used before is
 * refused (the client asks for the first answer with a last-response advice); it never vends again.
 */
async function creditVend(deps: Deps, vending: ChannelVending, a: Authenticated): Promise<OutNode> {
  const key = saleKey(a.header, a.header.msgId);
  const v = a.call.vendor;
  if (await findMessage(deps.database.db, v.vendorId, key)) throw xmlVendFault('XV09');
  const { m, key: meter } = await meterFor(vending, a);
  const { amountMinor, symbol } = purchaseValueOf(a.node);
  if (amountMinor < 1) throw xmlVendFault('XV08');
  const now = deps.clock.now();
  const answer = (record: Parameters<typeof vendBody>[0]['record'], after: FloatLeft): OutNode => ({
    ...responseHeader(a.header, now),
    ...vendBody({
      record,
      meter,
      taxBp: m.vendable.tariff.taxBp,
      symbol,
      vendorName: v.vendorName,
      availCreditMinor: after.balanceMinor + after.creditLimitMinor,
      trial: false,
    }),
  });
  // The answer of the transaction that committed (a sale that lost a race for its meter is tried again).
  let sent: OutNode = {};
  await sellWithFloat(deps, vending, m.caller, {
    messageId: key,
    meterId: meter.msno,
    amountMinor,
    detail: { channel: 'xmlvend', symbol },
    answer: (record, after) => {
      sent = answer(record, after);
      return { xmlvend: JSON.stringify(sent) };
    },
  })
    .catch(asChannelError)
    .catch(inStep('sale'));
  return { 'r:creditVendResp': sent };
}

/** The answer a sale kept (made in its transaction), element order included. */
function storedVendAnswer(detail: Record<string, unknown> | undefined): OutNode | null {
  const kept = (detail?.answer as { xmlvend?: string } | undefined)?.xmlvend;
  return kept ? (JSON.parse(kept) as OutNode) : null;
}

/** The XMLVend purchase an advice names by its msgID (adviceReqMsgID), this terminal's own. */
const advisedKey = (a: Authenticated) => saleKey(a.header, msgIdOf(child(a.node, 'adviceReqMsgID')));

const compactDay = (d: Date) => localDay(d).replaceAll('-', '');

/**
 * The sale an advice names. A msgID this terminal sent names its own purchase. A sale made over another
 * channel of the vendor has no msgID, so the advice names it by its receipt number as `uniqueNumber` and
 * its day (the utility's days) as the date of `dateTime` (compact or ISO): both must match, so a msgID
 * that never arrived (a timeout's reversal) is not taken for another channel's sale.
 */
async function advisedSale(deps: Deps, vending: ChannelVending, a: Authenticated): Promise<SaleRef> {
  const m = msgIdOf(child(a.node, 'adviceReqMsgID'));
  const own = { messageId: saleKey(a.header, m) };
  const { db } = deps.database;
  if (await findMessage(db, a.call.vendor.vendorId, own.messageId)) return own;
  const other = await findPurchase(db, a.call.vendor.vendorId, { ...own, receiptNo: Number(m.uniqueNumber) });
  if (!other || other.messageId.startsWith(XV)) return own;
  const record = await vending.record(other.tokenRecordId ?? 0);
  if (!record || compactDay(record.createDate) !== m.dateTime.replace(/\D/g, '').slice(0, 8)) return own;
  return { messageId: other.messageId };
}

/** An advice's answer: its concrete type and attributes, the header, the advised msgID, then its members. */
function adviceAnswer(deps: Deps, a: Authenticated, type: string, attrs: OutNode, members: OutNode = {}) {
  return {
    'b:adviceResp': {
      '@_xsi:type': `b:${type}`,
      ...attrs,
      ...responseHeader(a.header, deps.clock.now()),
      'b:adviceReqMsgID': adviceMsgIdNode(msgIdOf(child(a.node, 'adviceReqMsgID'))),
      ...members,
    },
  };
}

/**
 * A step that only answers from what is kept (a last-response advice, a reprint) goes into the purchase's
 * history as the REST channel's do; it changes nothing, so it is never refused or repeated.
 */
function noteInHistory(
  deps: Deps,
  a: Authenticated,
  line: { messageId: string; adviceKind: 'retry' | 'reprint'; adviceId: string | null },
) {
  const outcome = line.adviceKind === 'retry' ? 'repeated' : 'accepted';
  return insertAdvice(deps.database.db, {
    ...line,
    vendorId: a.call.vendor.vendorId,
    outcome,
    reason: null,
    now: deps.clock.now(),
  });
}

async function lastResponse(deps: Deps, a: Authenticated): Promise<OutNode> {
  const key = advisedKey(a);
  const msg = await findMessage(deps.database.db, a.call.vendor.vendorId, key);
  const kept = storedVendAnswer(msg?.detail);
  if (!kept) throw xmlVendFault('XV11');
  // Asking for the first answer again is a retry of the purchase, kept in its history as such.
  await noteInHistory(deps, a, { messageId: key, adviceKind: 'retry', adviceId: null });
  return adviceAnswer(
    deps,
    a,
    'LastRespAdviceResp',
    {},
    {
      'b:lastResponse': { '@_xsi:type': 'r:CreditVendResp', ...kept },
    },
  );
}

async function advice(deps: Deps, vending: ChannelVending, a: Authenticated): Promise<OutNode> {
  const type = xsiTypeOf(a.node);
  if (type === 'LastRespAdviceReq') return lastResponse(deps, a);
  const purchase = await advisedSale(deps, vending, a);
  const adviceId = saleKey(a.header, a.header.msgId);
  if (type === 'ReversalAdviceReq') {
    const target = { messageId: purchase.messageId, kind: 'reversal' as const, adviceId };
    await logged(deps, a.call, target, () =>
      reverseSale(deps, vending, a.call, { purchase, reversalId: adviceId, reason: 'Reversal advice' }),
    ).catch(inStep('reversal'));
    return adviceAnswer(deps, a, 'ReversalAdviceResp', { '@_txReversed': 'true' });
  }
  if (type === 'ConfirmationAdviceReq') {
    const target = { messageId: purchase.messageId, kind: 'confirmation' as const, adviceId };
    await logged(deps, a.call, target, () => confirmSale(deps, a.call, purchase, adviceId)).catch(
      inStep('confirmation'),
    );
    return adviceAnswer(deps, a, 'ConfirmationAdviceResp', { '@_txConfirmed': 'true' });
  }
  throw xmlVendFault(type === 'GetOrderStatusReq' ? 'XV02' : 'XV01');
}

/**
 * The meter as a reprint's slip names it and its tax rate: as the meter stands, or (a meter that can no
 * longer be sold to) its number alone and the rate the record's amounts imply.
 */
async function slipMeter(vending: ChannelVending, a: Authenticated, r: ChannelTokenRecord) {
  const m = await sellableMeter(vending, a.call, r.meterId).catch(() => null);
  if (m)
    return { meter: { msno: m.vendable.meter.meterId, ...m.vendable.meter }, taxBp: m.vendable.tariff.taxBp };
  const energy = r.energyMinor ?? 0;
  const taxBp = energy > 0 ? Math.round(((r.taxMinor ?? 0) * 10000) / energy) : 0;
  return { meter: { msno: r.meterId, sgc: null, krn: null, ti: null, ea: '' }, taxBp };
}

/**
 * A sale's vend answer made from its credit record (meter, amounts, units, token, receipt), whichever of
 * the vendor's channels sold it, with the float the vendor has now.
 */
async function recordVendAnswer(vending: ChannelVending, a: Authenticated, msg: ChannelMessage) {
  const record = await vending.record(msg.tokenRecordId ?? 0);
  if (!record) throw xmlVendFault('XV16');
  const v = a.call.vendor;
  const symbol = String((msg.detail as { symbol?: unknown }).symbol ?? DEFAULT_SYMBOL);
  const body = vendBody({
    record,
    ...(await slipMeter(vending, a, record)),
    symbol,
    vendorName: v.vendorName,
    availCreditMinor: v.balanceMinor + v.creditLimitMinor,
    trial: false,
  });
  return { record, body };
}

/** The last purchase this vendor made for the meter over any of its channels (not reversed), reprinted. */
async function reprint(deps: Deps, vending: ChannelVending, a: Authenticated): Promise<OutNode> {
  const msno = meterNumberOf(a.node);
  const msg = await lastPurchase(deps.database.db, a.call.vendor.vendorId, msno);
  if (!msg) throw xmlVendFault('XV16');
  const { record, body } = await recordVendAnswer(vending, a, msg);
  const reprintId = saleKey(a.header, a.header.msgId);
  await noteInHistory(deps, a, { messageId: msg.messageId, adviceKind: 'reprint', adviceId: reprintId });
  const { 'b:dispHeader': _vend, ...vend } = body;
  return {
    'r:reprintResp': {
      ...responseHeader(a.header, deps.clock.now()),
      'r:reprint': {
        '@_xsi:type': 'r:CreditVendResp',
        ...responseHeader(a.header, deps.clock.now()),
        'b:dispHeader': 'REPRINT - CREDIT VEND',
        // The slip says when the sale was made, which the receipt itself does not carry.
        'b:operatorMsg': `Sold ${record.createDate.toISOString()}`,
        ...vend,
      },
    },
  };
}

type Operation = (deps: Deps, vending: ChannelVending, a: Authenticated) => Promise<OutNode>;

/** The request elements served, by namespace and local name. */
const OPERATIONS: Record<string, Operation> = {
  [`${NS.rev} confirmCustomerReq`]: confirmCustomer,
  [`${NS.rev} trialCreditVendReq`]: trialCreditVend,
  [`${NS.rev} creditVendReq`]: creditVend,
  [`${NS.base} adviceReq`]: advice,
  [`${NS.rev} reprintReq`]: reprint,
};

/** The answer element to a request, or an XmlVendFault (with the request's header when it had one). */
export function createXmlVendService(deps: Deps, vending: ChannelVending, credentials: CredentialCache) {
  return {
    async handle(req: SoapRequest, t: XmlVendTransport): Promise<OutNode> {
      const op = OPERATIONS[`${req.ns} ${req.name}`];
      if (!op) throw xmlVendFault('XV02');
      return op(deps, vending, await authenticated(deps, credentials, req.node, t));
    },
  };
}
export type XmlVendService = ReturnType<typeof createXmlVendService>;
