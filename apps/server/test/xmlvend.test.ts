import { XMLParser } from 'fast-xml-parser';
import { type Client, createClientAsync } from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteTasks } from '../src/db/schema.js';
import { refusalText } from '../src/lib/refusal-text.js';
import { XMLVEND_FAULTS } from '../src/modules/vendor/xmlvend.faults.js';
import { NS } from '../src/modules/vendor/xmlvend.xml.js';
import { channelCounts, fundedVendor, saleRecord } from './channel-fixture.js';
import { createTestApp, type TestApp } from './harness.js';
import { meterWithoutAccount, vendableMeter } from './vending-fixture.js';
import { xvFaultOf as faultOf } from './xmlvend-fixture.js';

/**
 * XMLVend 2.1 over SOAP, driven by a client generated from the WSDL the server serves (npm soap): each core
 * request and its answer, the typed faults, a msgID that never vends twice, a last-response advice that
 * returns the first answer, and a reversal within the rules and after the token is known used.
 */

const { base: BASE, rev: REV } = NS;
const CLIENT_EAN = '6004708000001';
const TERMINAL = 'T0000001';
const METER = '47001234567';
const BLOCKED = '47009990001';

let t: TestApp;
let soap: Client;
let secret = '';
let url = '';
let unique = 100_000;

const xsi = (type: string, ns: string = BASE) => ({ xsi_type: { type, xmlns: ns } });
const msgId = (n: number) => ({ attributes: { dateTime: '20261122080000', uniqueNumber: String(n) } });

/** What every request starts with, as a vendor's machine fills it: the next msgID unless one is given. */
function header(n = ++unique, password = secret) {
  return {
    clientID: { attributes: { ean: CLIENT_EAN, ...xsi('EANDeviceID') } },
    terminalID: { attributes: { id: TERMINAL, ...xsi('GenericDeviceID') } },
    msgID: msgId(n),
    authCred: { opName: 'AG0001', password },
  };
}
const byMeter = (msno: string) => ({
  attributes: xsi('VendIDMethod'),
  meterIdentifier: { attributes: { msno, ...xsi('MeterNumber') } },
});
const vend = (msno: string, amount: string, n = ++unique) => ({
  ...header(n),
  resource: { attributes: xsi('Electricity') },
  idMethod: byMeter(msno),
  purchaseValue: {
    attributes: xsi('PurchaseValueCurrency', REV),
    amt: { attributes: { value: amount, symbol: 'R' } },
  },
});
// The abstract advice root names its type with a prefix the client declares on the envelope.
const adviceOf = (type: string, advised: number) => ({
  attributes: { 'xsi:type': `b:${type}` },
  ...header(),
  adviceReqMsgID: msgId(advised),
});

const lenient = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
/** The body element of the last answer, as plain data (namespace prefixes dropped). */
const lastBody = () =>
  (lenient.parse(soap.lastResponse as string) as { Envelope: { Body: Record<string, unknown> } }).Envelope
    .Body;

const counts = () => channelCounts(t, 'BANK01');

beforeAll(async () => {
  t = await createTestApp();
  await vendableMeter(t, { meterId: METER, debtMinor: 0 });
  await meterWithoutAccount(t, BLOCKED);
  const basic = await fundedVendor(t, { vendorId: 'BANK01', clientId: CLIENT_EAN, topUp: '10000' });
  secret = Buffer.from(basic.slice('Basic '.length), 'base64').toString('utf8').split(':')[1] ?? '';
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  soap = await createClientAsync(`${url}/xmlvend/2.1?wsdl`);
});
afterAll(async () => t?.close());

describe('XMLVend 2.1 through a client generated from the served WSDL', () => {
  it('describes the five core operations at the served address', () => {
    const ops = Object.keys(soap.describe()['XMLVendService2.1']?.XMLVendServicePort ?? {});
    expect(ops.sort()).toEqual(
      [
        'AdviceRequest',
        'ConfirmCustomerRequest',
        'CreditVendRequest',
        'ReprintRequest',
        'TrialCreditVendRequest',
      ].sort(),
    );
  });

  it('confirms the customer, prices a trial without writing, sells, and never sells a msgID twice', async () => {
    const [customer] = await soap.ConfirmCustomerRequestAsync({ ...header(), idMethod: byMeter(METER) });
    expect(customer.confirmCustResult[0].custVendDetail.attributes.name).toBe(`Customer ${METER}`);
    expect(customer.confirmCustResult[0].meterDetail.attributes.msno).toBe(METER);
    expect(soap.lastRequest).toContain(`xmlns`);

    const before = await counts();
    const [trial] = await soap.TrialCreditVendRequestAsync(vend(METER, '600.00'));
    const trialTx = trial.creditVendReceipt.transactions.tx;
    expect([trialTx].flat()[0].creditTokenIssue.units.attributes.value).toMatch(/^\d+\.\d$/);
    expect(await counts()).toEqual(before);

    const n = ++unique;
    const [sold] = await soap.CreditVendRequestAsync(vend(METER, '600.00', n));
    const firstXml = soap.lastResponse as string;
    const token = [sold.creditVendReceipt.transactions.tx].flat()[0].creditTokenIssue.token.stsCipher;
    expect(token).toMatch(/^\d{20}$/);
    expect(sold.reqMsgID.attributes.uniqueNumber).toBe(String(n));
    const afterSale = await counts();
    expect(afterSale).toEqual({
      records: before.records + 1,
      movements: before.movements + 1,
      messages: before.messages + 1,
      balance: (before.balance ?? 0) - 600_00,
    });

    // The same msgID again (the same amount, or another): a typed fault, nothing written.
    expect(await faultOf(soap.CreditVendRequestAsync(vend(METER, '600.00', n)))).toEqual({
      type: 'BusinessRuleEx',
      code: 'XV09',
    });
    expect(await faultOf(soap.CreditVendRequestAsync(vend(METER, '10.00', n)))).toMatchObject({
      code: 'XV09',
    });
    expect(await counts()).toEqual(afterSale);

    // The last-response advice answers the first answer exactly, however often it is asked.
    const [last] = await soap.AdviceRequestAsync(adviceOf('LastRespAdviceReq', n));
    expect(last.adviceReqMsgID.attributes.uniqueNumber).toBe(String(n));
    const first = (lenient.parse(firstXml) as { Envelope: { Body: { creditVendResp: object } } }).Envelope
      .Body.creditVendResp;
    const { '@_type': lastType, ...lastResponse } = (
      lastBody().adviceResp as { lastResponse: Record<string, unknown> }
    ).lastResponse;
    expect(lastType).toBe('r:CreditVendResp');
    expect(lastResponse).toEqual(first);
    await soap.AdviceRequestAsync(adviceOf('LastRespAdviceReq', n));
    expect((lastBody().adviceResp as { lastResponse: object }).lastResponse).toEqual({
      '@_type': lastType,
      ...first,
    });
    expect(await counts()).toEqual(afterSale);

    // Confirmed, the sale is final: a later reversal is refused.
    const [confirmed] = await soap.AdviceRequestAsync(adviceOf('ConfirmationAdviceReq', n));
    expect(confirmed.attributes.txConfirmed).toBe('true');
    expect(await faultOf(soap.AdviceRequestAsync(adviceOf('ReversalAdviceReq', n)))).toEqual({
      type: 'ReversalEx',
      code: 'XV12',
    });

    const [reprint] = await soap.ReprintRequestAsync({ ...header(), idMethod: byMeter(METER) });
    const again = [[reprint.reprint].flat()[0].creditVendReceipt.transactions.tx].flat()[0];
    expect(again.creditTokenIssue.token.stsCipher).toBe(token);
    expect(await counts()).toEqual(afterSale);

    // The purchase's history on the console holds the XMLVend advices as the REST channel's are kept.
    const messageId = `xv:${CLIENT_EAN}:${TERMINAL}:20261122080000:${n}`;
    const history = await t.call<{ adviceKind: string; outcome: string; reason: string | null }[]>(
      '/api/channelTransaction/advices',
      { vendorId: 'BANK01', messageId },
      await t.adminToken(),
    );
    expect(history.code, history.reason).toBe(0);
    expect(history.result.map((h) => [h.adviceKind, h.outcome])).toEqual([
      ['purchase', 'accepted'],
      ['retry', 'repeated'],
      ['retry', 'repeated'],
      ['confirmation', 'accepted'],
      ['reversal', 'refused'],
      ['reprint', 'accepted'],
    ]);
  });

  it('the same msgID sent four times at once vends once; the others are refused as used', async () => {
    const before = await counts();
    const n = ++unique;
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const fault = await faultOf(soap.CreditVendRequestAsync(vend(METER, '600.00', n)));
        return fault.code ?? 'sold';
      }),
    );
    expect(outcomes.sort()).toEqual(['XV09', 'XV09', 'XV09', 'sold']);
    expect(await counts()).toEqual({
      records: before.records + 1,
      movements: before.movements + 1,
      messages: before.messages + 1,
      balance: (before.balance ?? 0) - 600_00,
    });
  });

  it('a reversal restores the float and cancels the token; once the token is known used it is refused', async () => {
    const start = await counts();
    const n = ++unique;
    await soap.CreditVendRequestAsync(vend(METER, '600.00', n));
    const [reversed] = await soap.AdviceRequestAsync(adviceOf('ReversalAdviceReq', n));
    expect(reversed.attributes.txReversed).toBe('true');
    expect((await counts()).balance).toBe(start.balance);
    const key = `xv:${CLIENT_EAN}:${TERMINAL}:20261122080000:${n}`;
    expect((await saleRecord(t, key))?.status).toBe(1);
    // Advices are repeated until final: the same reversal again is acknowledged, the float moved once.
    await soap.AdviceRequestAsync(adviceOf('ReversalAdviceReq', n));
    expect((await counts()).balance).toBe(start.balance);
    expect(await faultOf(soap.AdviceRequestAsync(adviceOf('ConfirmationAdviceReq', n)))).toEqual({
      type: 'ConfirmationEx',
      code: 'XV14',
    });
    expect(await faultOf(soap.AdviceRequestAsync(adviceOf('ConfirmationAdviceReq', 999_999_997)))).toEqual({
      type: 'ConfirmationEx',
      code: 'XV15',
    });

    const used = ++unique;
    const [sold] = await soap.CreditVendRequestAsync(vend(METER, '600.00', used));
    const token = [sold.creditVendReceipt.transactions.tx].flat()[0].creditTokenIssue.token.stsCipher;
    const afterUsed = await counts();
    await t.database.db
      .insert(remoteTasks)
      .values({ kind: 'token', meterId: METER, stationId: '0001', request: token, status: 1 });
    expect(await faultOf(soap.AdviceRequestAsync(adviceOf('ReversalAdviceReq', used)))).toEqual({
      type: 'ReversalEx',
      code: 'XV12',
    });
    expect(await counts()).toEqual(afterUsed);
    expect(await faultOf(soap.AdviceRequestAsync(adviceOf('ReversalAdviceReq', 999_999_999)))).toEqual({
      type: 'ReversalEx',
      code: 'XV13',
    });
  });

  it('answers each refusal with its typed exception and writes nothing', async () => {
    const before = await counts();
    expect(await faultOf(soap.CreditVendRequestAsync(vend('99999999999', '10.00')))).toEqual({
      type: 'UnknownMeterEx',
      code: 'XV04',
    });
    expect(await faultOf(soap.CreditVendRequestAsync(vend(BLOCKED, '10.00')))).toEqual({
      type: 'BlockedMeterEx',
      code: 'XV05',
    });
    const exhausted = ((before.balance ?? 0) + 1) / 100;
    expect(await faultOf(soap.CreditVendRequestAsync(vend(METER, exhausted.toFixed(2))))).toEqual({
      type: 'VendorCreditEx',
      code: 'XV06',
    });
    expect(
      await faultOf(
        soap.ConfirmCustomerRequestAsync({ ...header(++unique, 'wrong'), idMethod: byMeter(METER) }),
      ),
    ).toEqual({ type: 'ClientIDAuthorisationEx', code: 'XV03' });
    expect(await faultOf(soap.AdviceRequestAsync(adviceOf('LastRespAdviceReq', 999_999_998)))).toEqual({
      type: 'LastResponseEx',
      code: 'XV11',
    });
    expect(await faultOf(soap.ReprintRequestAsync({ ...header(), idMethod: byMeter(BLOCKED) }))).toEqual({
      type: 'ReprintEx',
      code: 'XV16',
    });
    expect(await counts()).toEqual(before);
  });

  it('answers a malformed request with a schema fault (400), in the reader language, writing nothing', async () => {
    const before = await counts();
    const post = (payload: string, type = 'text/xml', lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/xmlvend/2.1',
        headers: { 'content-type': type, 'accept-language': lang },
        payload,
      });
    const broken = await post(
      '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><r:creditVendReq>',
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toMatch(/^text\/xml/);
    const fault = lenient.parse(broken.body).Envelope.Body.Fault;
    expect(fault.faultcode).toBe('soapenv:Client');
    expect(fault.detail.xmlvendFaultResp.fault['@_type']).toBe('b:XMLVendSchemaEx');
    // In Spanish, with the parser's finding kept as written.
    const es = await post('<soapenv:Envelope xmlns:soapenv="x"><a></b></soapenv:Envelope>', 'text/xml', 'es');
    expect(lenient.parse(es.body).Envelope.Body.Fault.detail.xmlvendFaultResp.fault.desc).toMatch(
      /^La solicitud no es un mensaje XMLVend 2\.1 válido \(Malformed XML: .+\)$/,
    );
    // A request element missing its required parts: the same fault, with the request's header echoed.
    const missing = await post(
      `<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/" xmlns:r="${REV}" xmlns:b="${BASE}"><e:Body><r:creditVendReq><b:clientID ean="${CLIENT_EAN}"/></r:creditVendReq></e:Body></e:Envelope>`,
      'text/xml',
      'zh',
    );
    expect(missing.statusCode).toBe(400);
    const zh = lenient.parse(missing.body).Envelope.Body.Fault.detail.xmlvendFaultResp.fault;
    expect(zh['@_type']).toBe('b:XMLVendSchemaEx');
    expect(zh.desc).toBe(refusalText(XMLVEND_FAULTS.XV01[1], 'zh'));
    expect(zh.desc).not.toBe(XMLVEND_FAULTS.XV01[1]);
    const json = await post('{"creditVendReq":{}}', 'application/json');
    expect(json.statusCode).toBe(400);
    expect(lenient.parse(json.body).Envelope.Body.Fault.detail.xmlvendFaultResp.fault['@_type']).toBe(
      'b:XMLVendSchemaEx',
    );
    const dtd = await post('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>');
    expect(dtd.statusCode).toBe(400);
    const unsupported = await post(
      `<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/" xmlns:r="${REV}"><e:Body><r:freeIssueReq><r:msgID/></r:freeIssueReq></e:Body></e:Envelope>`,
    );
    expect(lenient.parse(unsupported.body).Envelope.Body.Fault.detail.xmlvendFaultResp.fault['@_type']).toBe(
      'b:UseCaseSupportEx',
    );
    expect(await counts()).toEqual(before);
  });

  it('takes the envelope as the reference writes it and answers in its namespaces', async () => {
    const before = await counts();
    const n = ++unique;
    const envelope = `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
        xmlns:b="${BASE}" xmlns:r="${REV}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
      <soapenv:Body>
        <r:creditVendReq>
          <b:clientID xsi:type="b:EANDeviceID" ean="${CLIENT_EAN}"/>
          <b:terminalID xsi:type="b:GenericDeviceID" id="${TERMINAL}"/>
          <b:msgID dateTime="20261122080000" uniqueNumber="${n}"/>
          <b:authCred><b:opName>AG0001</b:opName><b:password>${secret}</b:password></b:authCred>
          <b:resource xsi:type="b:Electricity"/>
          <b:idMethod xsi:type="b:VendIDMethod">
            <b:meterIdentifier xsi:type="b:MeterNumber" msno="${METER}"/>
          </b:idMethod>
          <r:purchaseValue xsi:type="r:PurchaseValueCurrency"><r:amt value="600.00" symbol="R"/></r:purchaseValue>
          <r:payType xsi:type="b:Cash"><b:tenderAmt value="600.00" symbol="R"/></r:payType>
        </r:creditVendReq>
      </soapenv:Body>
    </soapenv:Envelope>`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/xmlvend/2.1',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      payload: envelope,
    });
    expect(res.statusCode).toBe(200);
    const strict = new XMLParser({ ignoreAttributes: false, parseTagValue: false });
    const doc = strict.parse(res.body)['soapenv:Envelope'];
    expect(doc).toMatchObject({ '@_xmlns:b': BASE, '@_xmlns:r': REV });
    const resp = doc['soapenv:Body']['r:creditVendResp'];
    // Each member in the namespace of the type that declares it: BaseResp's in base, the receipt in revenue.
    expect(Object.keys(resp).filter((k) => !k.startsWith('@_'))).toEqual([
      'b:clientID',
      'b:serverID',
      'b:terminalID',
      'b:reqMsgID',
      'b:respDateTime',
      'b:dispHeader',
      'b:clientStatus',
      'b:utility',
      'b:vendor',
      'b:custVendDetail',
      'r:creditVendReceipt',
    ]);
    const tx = [resp['r:creditVendReceipt']['r:transactions']['r:tx']].flat()[0];
    expect(tx['@_xsi:type']).toBe('r:CreditVendTx');
    expect(tx['r:creditTokenIssue']['b:token']['b:stsCipher']).toMatch(/^\d{20}$/);
    expect(tx['r:creditTokenIssue']['b:meterDetail']['@_msno']).toBe(METER);
    const after = await counts();
    expect(after.balance).toBe((before.balance ?? 0) - 600_00);
    expect(after.records).toBe(before.records + 1);
  });

  it('has every fault description in Chinese and Spanish', () => {
    for (const [, desc] of Object.values(XMLVEND_FAULTS)) {
      expect(refusalText(desc, 'zh'), desc).not.toBe(desc);
      expect(refusalText(desc, 'es'), desc).not.toBe(desc);
    }
  });
});
