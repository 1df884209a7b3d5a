import type { Client } from 'soap';
import { NS } from '../src/modules/vendor/xmlvend.xml.js';

/** A vendor's XMLVend machine: its client EAN, terminal and machine secret. */
export interface XmlVendMachine {
  clientEan: string;
  terminal: string;
  secret: string;
}

const xsi = (type: string, ns: string = NS.base) => ({ xsi_type: { type, xmlns: ns } });

/** A msgID as a machine writes it (the day and time, and its number). */
export const xvMsgId = (uniqueNumber: number | string, dateTime = '20261122080000') => ({
  attributes: { dateTime, uniqueNumber: String(uniqueNumber) },
});

export const byMeter = (msno: string) => ({
  attributes: xsi('VendIDMethod'),
  meterIdentifier: { attributes: { msno, ...xsi('MeterNumber') } },
});

/** The requests a machine sends through a client generated from the served WSDL (npm soap). */
export function xmlVendRequests(m: XmlVendMachine) {
  const header = (n: number) => ({
    clientID: { attributes: { ean: m.clientEan, ...xsi('EANDeviceID') } },
    terminalID: { attributes: { id: m.terminal, ...xsi('GenericDeviceID') } },
    msgID: xvMsgId(n),
    authCred: { opName: 'AG0001', password: m.secret },
  });
  return {
    header,
    vend: (n: number, msno: string, amount: string) => ({
      ...header(n),
      resource: { attributes: xsi('Electricity') },
      idMethod: byMeter(msno),
      purchaseValue: {
        attributes: xsi('PurchaseValueCurrency', NS.rev),
        amt: { attributes: { value: amount, symbol: 'R' } },
      },
    }),
    reprint: (n: number, msno: string) => ({ ...header(n), idMethod: byMeter(msno) }),
    // The abstract advice root names its type with a prefix the client declares on the envelope.
    advice: (n: number, type: string, advised: ReturnType<typeof xvMsgId>) => ({
      attributes: { 'xsi:type': `b:${type}` },
      ...header(n),
      adviceReqMsgID: advised,
    }),
  };
}

/** The fault a SOAP call answered: its exception type and our code (null members when it did not fail). */
export async function xvFaultOf(call: Promise<unknown>) {
  type Fault = { attributes?: Record<string, string>; faultCode?: string };
  const err = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as { root?: { Envelope: { Body: { Fault: { detail: { xmlvendFaultResp: { fault: Fault } } } } } } };
  const fault = err?.root?.Envelope.Body.Fault.detail.xmlvendFaultResp.fault;
  return { type: String(fault?.attributes?.['xsi:type'] ?? '').replace(/^.*:/, ''), code: fault?.faultCode };
}

export type { Client };
