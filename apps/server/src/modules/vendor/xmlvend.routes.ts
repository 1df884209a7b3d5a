import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestProblem } from '../../http/errors.js';
import { readerLanguageOf } from '../../http/reader-text.js';
import { refusalText } from '../../lib/refusal-text.js';
import { XmlVendFault, xmlVendFault } from './xmlvend.faults.js';
import { headerOf, responseHeader } from './xmlvend.messages.js';
import type { XmlVendService } from './xmlvend.service.js';
import { xmlVendWsdl } from './xmlvend.wsdl.js';
import { type OutNode, readEnvelope, type SoapRequest, writeEnvelope, XmlShapeError } from './xmlvend.xml.js';

/** Where XMLVend 2.1 is served; its WSDL is the same address with `?wsdl`. */
export const XMLVEND_PATH = '/xmlvend/2.1';

const XML_TYPES = /^(text\/xml|application\/xml|application\/soap\+xml)\s*(;.*)?$/i;
const XML_REPLY = 'text/xml; charset=utf-8';

/** The request as far as it was read, so that a fault can echo its header (BaseResp) when it had one. */
const readRequests = new WeakMap<FastifyRequest, SoapRequest>();

/** Why a message never reached its operation, as the schema fault's problem; null for anything else. */
function shapeProblem(error: unknown): string | null {
  return error instanceof XmlShapeError ? error.message : requestProblem(error);
}

/** The header echo of a fault: the request's own parties and msgID when they could be read. */
function faultHeader(request: FastifyRequest, now: Date): OutNode {
  const read = readRequests.get(request);
  if (!read) return {};
  try {
    return responseHeader(headerOf(read.node), now);
  } catch {
    return {};
  }
}

/**
 * A SOAP 1.1 fault with the XMLVend exception in its detail. A message that is not XMLVend (malformed,
 * wrong media type, too deep) is the client's fault and answers 400; a refusal or failure of the request
 * answers 500, as SOAP 1.1 and WS-I Basic Profile have every other fault answered.
 */
function faultReply(error: unknown, request: FastifyRequest, reply: FastifyReply, now: Date) {
  const problem = shapeProblem(error);
  const fault =
    error instanceof XmlVendFault
      ? error
      : problem !== null
        ? xmlVendFault('XV01', problem)
        : xmlVendFault('XV17');
  if (!(error instanceof XmlVendFault) && problem === null)
    request.log.error({ err: error }, 'XMLVend request failed');
  const client = fault.type === 'XMLVendSchemaEx';
  const body = writeEnvelope({
    'soapenv:Fault': {
      faultcode: client ? 'soapenv:Client' : 'soapenv:Server',
      faultstring: 'NRSFaultResponseSoapOut',
      detail: {
        'b:xmlvendFaultResp': {
          ...faultHeader(request, now),
          'b:fault': {
            '@_xsi:type': `b:${fault.type}`,
            'b:desc': refusalText(fault.desc, readerLanguageOf(request)),
            'b:faultCode': fault.code,
          },
        },
      },
    },
  });
  return reply
    .code(client ? 400 : 500)
    .type(XML_REPLY)
    .send(body);
}

const baseUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}${XMLVEND_PATH}`;

/**
 * XMLVend 2.1 over SOAP 1.1 in a scope of its own: XML bodies read as text and parsed here, answers and
 * faults as SOAP envelopes (never the console's JSON envelope), and the WSDL at `?wsdl`.
 */
export function installXmlVend(app: FastifyInstance, service: XmlVendService, now: () => Date) {
  app.register(async (scope) => {
    scope.addContentTypeParser(XML_TYPES, { parseAs: 'string' }, (_request, raw, done) => done(null, raw));
    scope.setErrorHandler((error, request, reply) => faultReply(error, request, reply, now()));
    scope.get(XMLVEND_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!Object.hasOwn((request.query ?? {}) as object, 'wsdl'))
        return reply.code(404).type('text/plain').send('Ask for the WSDL at ?wsdl, or POST a SOAP request');
      return reply.type(XML_REPLY).send(xmlVendWsdl(baseUrl(request)));
    });
    scope.post(XMLVEND_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (typeof request.body !== 'string')
        throw xmlVendFault('XV01', 'the body must be a SOAP envelope in XML');
      const soap = readEnvelope(request.body);
      readRequests.set(request, soap);
      const answer = await service.handle(soap, {
        authorization: request.headers.authorization,
        ipAddress: request.ip ?? null,
      });
      return reply.type(XML_REPLY).send(writeEnvelope(answer));
    });
  });
}
