import { NS, type OutNode, writeXml } from './xmlvend.xml.js';

/**
 * The service's WSDL, made from the same names the server reads and writes: the base and revenue schemas
 * (only the types the served operations use), the five operations document/literal, and the fault every
 * operation may answer. Element and attribute names, namespaces and `required` follow XMLVend 2.1.
 */

type Field = [name: string, type: string, occurs?: '?' | '*' | '+'];
type Attr = [name: string, type: string, optional?: true];
interface Complex {
  base?: string;
  abstract?: true;
  fields?: Field[];
  attrs?: Attr[];
}

const element = ([name, type, occurs]: Field): OutNode => ({
  '@_name': name,
  '@_type': type,
  ...(occurs === '?' || occurs === '*' ? { '@_minOccurs': '0' } : {}),
  ...(occurs === '*' || occurs === '+' ? { '@_maxOccurs': 'unbounded' } : {}),
});
const attribute = ([name, type, optional]: Attr): OutNode => ({
  '@_name': name,
  '@_type': type,
  '@_use': optional ? 'optional' : 'required',
});

function complexType(name: string, c: Complex): OutNode {
  const body: OutNode = {
    ...(c.fields?.length ? { 'xsd:sequence': { 'xsd:element': c.fields.map(element) } } : {}),
    ...(c.attrs?.length ? { 'xsd:attribute': c.attrs.map(attribute) } : {}),
  };
  const head = { '@_name': name, ...(c.abstract ? { '@_abstract': 'true' } : {}) };
  if (!c.base) return { ...head, ...body };
  return { ...head, 'xsd:complexContent': { 'xsd:extension': { '@_base': c.base, ...body } } };
}

const cur = (name: string, occurs?: '?'): Field => [name, 'b:Currency', occurs];
const fault = (name: string, base = 'b:BusinessRuleEx'): [string, Complex] => [name, { base }];

const BASE_TYPES: Array<[string, Complex]> = [
  ['DeviceID', { abstract: true }],
  ['EANDeviceID', { base: 'b:DeviceID', attrs: [['ean', 'xsd:string']] }],
  ['GenericDeviceID', { base: 'b:DeviceID', attrs: [['id', 'xsd:string']] }],
  [
    'MsgID',
    {
      attrs: [
        ['dateTime', 'xsd:string'],
        ['uniqueNumber', 'xsd:integer'],
      ],
    },
  ],
  [
    'AuthCred',
    {
      fields: [
        ['opName', 'xsd:string'],
        ['password', 'xsd:string', '?'],
        ['newPassword', 'xsd:string', '?'],
      ],
    },
  ],
  [
    'BaseReq',
    {
      abstract: true,
      fields: [
        ['clientID', 'b:DeviceID'],
        ['terminalID', 'b:DeviceID'],
        ['msgID', 'b:MsgID'],
        ['authCred', 'b:AuthCred', '?'],
      ],
    },
  ],
  ['Resource', { abstract: true }],
  ['Electricity', { base: 'b:Resource' }],
  ['MeterIdentifier', { abstract: true }],
  ['MeterNumber', { base: 'b:MeterIdentifier', attrs: [['msno', 'xsd:string']] }],
  ['IDMethod', { abstract: true }],
  ['VendIDMethod', { base: 'b:IDMethod', fields: [['meterIdentifier', 'b:MeterIdentifier']] }],
  [
    'BaseVendReq',
    {
      base: 'b:BaseReq',
      abstract: true,
      fields: [
        ['resource', 'b:Resource'],
        ['idMethod', 'b:VendIDMethod'],
      ],
    },
  ],
  [
    'Currency',
    {
      attrs: [
        ['value', 'xsd:decimal'],
        ['symbol', 'xsd:string'],
      ],
    },
  ],
  [
    'Units',
    {
      attrs: [
        ['value', 'xsd:decimal'],
        ['siUnit', 'xsd:string'],
      ],
    },
  ],
  ['PayType', { abstract: true }],
  ['Cash', { base: 'b:PayType', fields: [cur('tenderAmt')] }],
  ['AdviceReq', { base: 'b:BaseReq', abstract: true, fields: [['adviceReqMsgID', 'b:MsgID']] }],
  ['ReversalAdviceReq', { base: 'b:AdviceReq' }],
  ['LastRespAdviceReq', { base: 'b:AdviceReq' }],
  ['ConfirmationAdviceReq', { base: 'b:AdviceReq', fields: [['payType', 'b:PayType', '?']] }],
  [
    'BaseResp',
    {
      fields: [
        ['clientID', 'b:DeviceID'],
        ['serverID', 'b:DeviceID'],
        ['terminalID', 'b:DeviceID'],
        ['reqMsgID', 'b:MsgID'],
        ['respDateTime', 'xsd:dateTime'],
        ['dispHeader', 'xsd:string', '?'],
        ['operatorMsg', 'xsd:string', '?'],
        ['custMsg', 'xsd:string', '?'],
      ],
    },
  ],
  ['ClientStatus', { fields: [cur('availCredit')] }],
  [
    'UtilityDetail',
    {
      attrs: [
        ['name', 'xsd:string'],
        ['address', 'xsd:string'],
        ['taxRef', 'xsd:string'],
      ],
    },
  ],
  [
    'VendorDetail',
    {
      attrs: [
        ['name', 'xsd:string'],
        ['address', 'xsd:string'],
      ],
    },
  ],
  [
    'CustVendDetail',
    {
      attrs: [
        ['name', 'xsd:string'],
        ['address', 'xsd:string'],
        ['contactNo', 'xsd:string', true],
        ['accNo', 'xsd:string', true],
        ['locRef', 'xsd:string', true],
        ['daysLastPurchase', 'xsd:integer', true],
      ],
    },
  ],
  [
    'BaseVendResp',
    {
      base: 'b:BaseResp',
      fields: [
        ['clientStatus', 'b:ClientStatus'],
        ['utility', 'b:UtilityDetail'],
        ['vendor', 'b:VendorDetail', '?'],
        ['custVendDetail', 'b:CustVendDetail', '?'],
      ],
    },
  ],
  [
    'MeterType',
    {
      attrs: [
        ['at', 'xsd:string'],
        ['tt', 'xsd:string'],
      ],
    },
  ],
  [
    'MeterDetail',
    {
      fields: [['meterType', 'b:MeterType']],
      attrs: [
        ['msno', 'xsd:string'],
        ['sgc', 'xsd:string'],
        ['krn', 'xsd:string'],
        ['ti', 'xsd:string'],
      ],
    },
  ],
  ['Token', { abstract: true }],
  ['STS1Token', { base: 'b:Token', fields: [['stsCipher', 'xsd:string']] }],
  [
    'MeterSpecificTokenIssue',
    {
      abstract: true,
      fields: [
        ['desc', 'xsd:string'],
        ['meterDetail', 'b:MeterDetail'],
        ['token', 'b:Token'],
      ],
    },
  ],
  [
    'CreditTokenIssue',
    {
      base: 'b:MeterSpecificTokenIssue',
      abstract: true,
      fields: [
        ['units', 'b:Units'],
        ['resource', 'b:Resource'],
      ],
    },
  ],
  ['SaleCredTokenIssue', { base: 'b:CreditTokenIssue' }],
  [
    'Tariff',
    {
      fields: [
        ['name', 'xsd:string'],
        ['desc', 'xsd:string', '?'],
      ],
    },
  ],
  ['Tax', { abstract: true, fields: [cur('amt')] }],
  ['VAT', { base: 'b:Tax', attrs: [['rate', 'xsd:decimal']] }],
  ['AdviceResp', { base: 'b:BaseResp', abstract: true, fields: [['adviceReqMsgID', 'b:MsgID']] }],
  ['ReversalAdviceResp', { base: 'b:AdviceResp', attrs: [['txReversed', 'xsd:boolean']] }],
  ['ConfirmationAdviceResp', { base: 'b:AdviceResp', attrs: [['txConfirmed', 'xsd:boolean']] }],
  ['LastRespAdviceResp', { base: 'b:AdviceResp', fields: [['lastResponse', 'b:BaseResp']] }],
  [
    'Fault',
    {
      abstract: true,
      fields: [
        ['desc', 'xsd:string'],
        ['faultCode', 'xsd:string', '?'],
      ],
    },
  ],
  ['SystemEx', { base: 'b:Fault' }],
  ['BusinessRuleEx', { base: 'b:Fault' }],
  ...[
    'UnknownMeterEx',
    'BlockedMeterEx',
    'VendorCreditEx',
    'ClientIDAuthorisationEx',
    'RequestAuthorisationEx',
    'ReprintEx',
    'ConfirmCustomerEx',
  ].map((n) => fault(n)),
  ['XMLVendFaultEx', { base: 'b:Fault', abstract: true }],
  ...['ReversalEx', 'ConfirmationEx', 'LastResponseEx', 'UseCaseSupportEx', 'XMLVendSchemaEx'].map((n) =>
    fault(n, 'b:XMLVendFaultEx'),
  ),
  ['XMLVendFaultResp', { base: 'b:BaseResp', fields: [['fault', 'b:Fault']] }],
];

const REV_TYPES: Array<[string, Complex]> = [
  ['ConfirmCustomerReq', { base: 'b:BaseReq', fields: [['idMethod', 'b:IDMethod']] }],
  [
    'CustVendConfig',
    {
      fields: [cur('maxVendAmt'), cur('minVendAmt')],
      attrs: [
        ['canVend', 'xsd:boolean'],
        ['fbeDue', 'xsd:boolean', true],
      ],
    },
  ],
  [
    'ConfirmCustResult',
    {
      fields: [
        ['custVendDetail', 'b:CustVendDetail'],
        ['custVendConfig', 'r:CustVendConfig'],
        ['meterDetail', 'b:MeterDetail', '?'],
      ],
    },
  ],
  [
    'ConfirmCustomerResp',
    { base: 'b:BaseResp', fields: [['confirmCustResult', 'r:ConfirmCustResult', '+']] },
  ],
  ['PurchaseValue', { abstract: true }],
  ['PurchaseValueCurrency', { base: 'r:PurchaseValue', fields: [cur('amt')] }],
  [
    'AbstractCreditVendReq',
    {
      base: 'b:BaseVendReq',
      abstract: true,
      fields: [
        ['purchaseValue', 'r:PurchaseValue'],
        ['payType', 'b:PayType', '?'],
      ],
    },
  ],
  ['CreditVendReq', { base: 'r:AbstractCreditVendReq' }],
  ['TrialCreditVendReq', { base: 'r:AbstractCreditVendReq' }],
  [
    'Tx',
    {
      abstract: true,
      fields: [cur('amt'), ['tax', 'b:Tax', '*']],
      attrs: [['receiptNo', 'xsd:string', true]],
    },
  ],
  [
    'CreditVendTx',
    {
      base: 'r:Tx',
      fields: [
        ['creditTokenIssue', 'b:CreditTokenIssue'],
        ['tariff', 'b:Tariff', '?'],
      ],
    },
  ],
  [
    'PayAccTx',
    {
      base: 'r:Tx',
      fields: [
        ['accDesc', 'xsd:string'],
        ['accNo', 'xsd:string', '?'],
        ['tariff', 'b:Tariff', '?'],
      ],
    },
  ],
  ['DebtRecoveryTx', { base: 'r:PayAccTx', fields: [cur('balance', '?')] }],
  ['ServiceChrgTx', { base: 'r:PayAccTx' }],
  [
    'Transactions',
    { fields: [['tx', 'r:Tx', '+'], cur('lessRound', '?'), cur('tenderAmt', '?'), cur('change', '?')] },
  ],
  [
    'CreditVendReceipt',
    { fields: [['transactions', 'r:Transactions']], attrs: [['receiptNo', 'xsd:string']] },
  ],
  ['CreditVendResp', { base: 'b:BaseVendResp', fields: [['creditVendReceipt', 'r:CreditVendReceipt']] }],
  ['TrialCreditVendResp', { base: 'r:CreditVendResp' }],
  ['ReprintReq', { base: 'b:BaseReq', fields: [['idMethod', 'b:IDMethod']] }],
  ['ReprintResp', { base: 'b:BaseResp', fields: [['reprint', 'b:BaseVendResp', '+']] }],
];

/** The operations: name, request element, answer element (each qualified). */
const OPERATIONS: Array<[string, string, string]> = [
  ['ConfirmCustomerRequest', 'r:confirmCustomerReq', 'r:confirmCustomerResp'],
  ['TrialCreditVendRequest', 'r:trialCreditVendReq', 'r:trialCreditVendResp'],
  ['CreditVendRequest', 'r:creditVendReq', 'r:creditVendResp'],
  ['AdviceRequest', 'b:adviceReq', 'b:adviceResp'],
  ['ReprintRequest', 'r:reprintReq', 'r:reprintResp'],
];

const typeOfElement = (qname: string) => {
  const [prefix, local = ''] = qname.split(':');
  return `${prefix}:${local.charAt(0).toUpperCase()}${local.slice(1)}`;
};

function schema(ns: string, types: Array<[string, Complex]>, elements: string[], imports: OutNode) {
  return {
    '@_targetNamespace': ns,
    '@_elementFormDefault': 'qualified',
    ...imports,
    'xsd:complexType': types.map(([name, c]) => complexType(name, c)),
    'xsd:element': elements.map((q) => ({
      '@_name': q.slice(2),
      '@_type': q === 'b:xmlvendFaultResp' ? 'b:XMLVendFaultResp' : typeOfElement(q),
    })),
  };
}

function types(): OutNode {
  const all = [...OPERATIONS.flatMap(([, i, o]) => [i, o]), 'b:xmlvendFaultResp'];
  return {
    'xsd:schema': [
      schema(
        NS.base,
        BASE_TYPES,
        all.filter((q) => q.startsWith('b:')),
        {},
      ),
      schema(
        NS.rev,
        REV_TYPES,
        all.filter((q) => q.startsWith('r:')),
        {
          'xsd:import': { '@_namespace': NS.base },
        },
      ),
    ],
  };
}

const part = (element: string): OutNode => ({ 'wsdl:part': { '@_name': 'body', '@_element': element } });
const literal = { 'soap:body': { '@_use': 'literal' } };

/** The WSDL with the service's address at `location`. */
export function xmlVendWsdl(location: string): string {
  return writeXml({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'wsdl:definitions': {
      '@_name': 'XMLVendService2.1',
      '@_targetNamespace': NS.service,
      '@_xmlns:wsdl': NS.wsdl,
      '@_xmlns:soap': NS.wsdlSoap,
      '@_xmlns:xsd': NS.xsd,
      '@_xmlns:b': NS.base,
      '@_xmlns:r': NS.rev,
      '@_xmlns:tns': NS.service,
      'wsdl:types': types(),
      'wsdl:message': [
        ...OPERATIONS.flatMap(([name, i, o]) => [
          { '@_name': `${name}In`, ...part(i) },
          { '@_name': `${name}Out`, ...part(o) },
        ]),
        {
          '@_name': 'NRSFaultResponseSoapOut',
          'wsdl:part': { '@_name': 'fault', '@_element': 'b:xmlvendFaultResp' },
        },
      ],
      'wsdl:portType': {
        '@_name': 'XMLVendServiceSoap',
        'wsdl:operation': OPERATIONS.map(([name]) => ({
          '@_name': name,
          'wsdl:input': { '@_message': `tns:${name}In` },
          'wsdl:output': { '@_message': `tns:${name}Out` },
          'wsdl:fault': { '@_name': 'NRSFaultResponseSoapOut', '@_message': 'tns:NRSFaultResponseSoapOut' },
        })),
      },
      'wsdl:binding': {
        '@_name': 'XMLVendServiceSoapBinding',
        '@_type': 'tns:XMLVendServiceSoap',
        'soap:binding': { '@_style': 'document', '@_transport': 'http://schemas.xmlsoap.org/soap/http' },
        'wsdl:operation': OPERATIONS.map(([name]) => ({
          '@_name': name,
          'soap:operation': { '@_soapAction': '' },
          'wsdl:input': literal,
          'wsdl:output': literal,
          'wsdl:fault': {
            '@_name': 'NRSFaultResponseSoapOut',
            'soap:fault': { '@_name': 'NRSFaultResponseSoapOut', '@_use': 'literal' },
          },
        })),
      },
      'wsdl:service': {
        '@_name': 'XMLVendService2.1',
        'wsdl:port': {
          '@_name': 'XMLVendServicePort',
          '@_binding': 'tns:XMLVendServiceSoapBinding',
          'soap:address': { '@_location': location },
        },
      },
    },
  });
}
