import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/** The namespaces of XMLVend 2.1 (NRS 009-6-7) and of SOAP 1.1, with the prefixes our answers use. */
export const NS = {
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
  base: 'http://www.nrs.eskom.co.za/xmlvend/base/2.1/schema',
  rev: 'http://www.nrs.eskom.co.za/xmlvend/revenue/2.1/schema',
  service: 'http://www.nrs.eskom.co.za/xmlvend/service/2.1',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xsd: 'http://www.w3.org/2001/XMLSchema',
  wsdl: 'http://schemas.xmlsoap.org/wsdl/',
  wsdlSoap: 'http://schemas.xmlsoap.org/wsdl/soap/',
} as const;

/** An element as read: attributes under `@_`, children by local name, its own namespace under `#ns`. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[] | undefined;

/** A message that is not well-formed XML, or not a SOAP 1.1 envelope with one element in its body. */
export class XmlShapeError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

const NS_ATTR = /^@_xmlns(?::(.*))?$/;

/**
 * The element with its prefixes resolved: names become local names and each element notes its namespace,
 * so a client may choose any prefixes (or a default namespace) as XML allows.
 */
function resolve(name: string, value: XmlValue, scope: Record<string, string>): [string, XmlValue] {
  const colon = name.indexOf(':');
  const local = colon < 0 ? name : name.slice(colon + 1);
  if (Array.isArray(value)) return [local, value.map((v) => resolve(name, v, scope)[1])];
  if (typeof value !== 'object' || value === null) return [local, value];
  const inner = { ...scope };
  for (const key of Object.keys(value)) {
    const m = NS_ATTR.exec(key);
    if (m) inner[m[1] ?? ''] = String(value[key]);
  }
  const node: XmlNode = { '#ns': inner[colon < 0 ? '' : name.slice(0, colon)] ?? '' };
  for (const [key, child] of Object.entries(value)) {
    if (NS_ATTR.test(key)) continue;
    const [k, v] = key.startsWith('@_')
      ? [`@_${key.slice(2).replace(/^[^:]*:/, '')}`, child]
      : resolve(key, child, inner);
    node[k] = v;
  }
  return [local, node];
}

/** The one element a SOAP request's body carries: its local name, namespace and content. */
export interface SoapRequest {
  name: string;
  ns: string;
  node: XmlNode;
}

/** Reads a SOAP 1.1 request; a DTD is refused outright (no entity tricks reach the parser). */
export function readEnvelope(text: string): SoapRequest {
  if (/<!DOCTYPE/i.test(text)) throw new XmlShapeError('A DTD is not allowed in a SOAP message');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlShapeError(`Malformed XML: ${valid.err.msg}`);
  const top = Object.entries(parser.parse(text) as XmlNode).find(([k]) => !k.startsWith('?'));
  if (!top) throw new XmlShapeError('No SOAP envelope');
  const [name, envelope] = resolve(top[0], top[1], {});
  const env = envelope as XmlNode;
  if (name !== 'Envelope' || env['#ns'] !== NS.soap) throw new XmlShapeError('No SOAP 1.1 envelope');
  const body = env.Body as XmlNode | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new XmlShapeError('No SOAP body');
  const parts = Object.entries(body).filter(([k]) => k !== '#ns' && !k.startsWith('@_'));
  const [part] = parts;
  if (parts.length !== 1 || !part || typeof part[1] !== 'object' || Array.isArray(part[1]))
    throw new XmlShapeError('The SOAP body must hold exactly one request element');
  const node = part[1] as XmlNode;
  return { name: part[0], ns: String(node['#ns']), node };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});

/** What an answer is built from: prefixed names (b:, r:, soapenv:), attributes under `@_`, arrays repeat. */
export type OutNode = { [name: string]: OutNode | OutNode[] | string | number | boolean | undefined };

/** A SOAP 1.1 envelope around one body element; the XMLVend prefixes are declared once, on the envelope. */
export function writeEnvelope(body: OutNode): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'soapenv:Envelope': {
      '@_xmlns:soapenv': NS.soap,
      '@_xmlns:b': NS.base,
      '@_xmlns:r': NS.rev,
      '@_xmlns:xsi': NS.xsi,
      'soapenv:Body': body,
    },
  }) as string;
}

/** Any XML document (the WSDL). */
export const writeXml = (doc: OutNode) => builder.build(doc) as string;
