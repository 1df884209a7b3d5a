import { z } from 'zod';
import { ErrorDetail } from './ppu.models.js';
import { PPU_BASE, PPU_OPERATIONS, type PpuOperation } from './ppu.operations.js';

/**
 * The prepaid-utility interface's own OpenAPI 3 document, made from the operation table the routes are
 * registered from, so the two cannot drift: a client generated from it speaks to this server.
 */

const json = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });

const content = (schema: object) => ({ 'application/json': { schema } });
const errorRef = { $ref: '#/components/schemas/ErrorDetail' };
const error = (description: string) => ({ description, content: content(errorRef) });

function parametersOf(o: PpuOperation) {
  const path = [...o.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string', format: 'uuid' },
  }));
  const query = Object.entries(o.query?.shape ?? {}).map(([name, member]) => ({
    name,
    in: 'query',
    required: !(member as z.ZodType).safeParse(undefined).success,
    schema: json(member as z.ZodType, 'input'),
  }));
  return [...path, ...query];
}

function operationOf(o: PpuOperation) {
  return {
    operationId: o.operationId,
    summary: o.summary,
    parameters: parametersOf(o),
    ...(o.body ? { requestBody: { required: true, content: content(json(o.body, 'input')) } } : {}),
    responses: {
      [o.status]: o.answer
        ? { description: 'Success', content: content(json(o.answer, 'output')) }
        : { description: 'Accepted' },
      400: error('Refused for good (format, duplicate, unknown meter, funds, …): see errorType'),
      401: error('No valid vendor credentials (HTTP Basic)'),
      ...(o.notFound ? { 404: error('No such original request') } : {}),
      500: error('Outcome unknown: retry, or send the advice again'),
    },
  };
}

/** The interface's name, as Electrum's document calls it. */
const INTERFACE_TITLE = 'Prepaid Utility Service Interface';

export function prepaidUtilityDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const o of PPU_OPERATIONS) paths[o.path] = { [o.method ?? 'post']: operationOf(o) };
  return {
    openapi: '3.0.3',
    info: {
      title: INTERFACE_TITLE,
      version: '3.13.0',
      description:
        "Token sales for banks, aggregators, agents and mobile-money operators, after Electrum's open prepaid-utility interface v3. Ids in paths are UUIDs chosen by the client; amounts are integers in minor units.",
    },
    servers: [{ url: PPU_BASE }],
    security: [{ httpBasic: [] }],
    paths,
    components: {
      securitySchemes: { httpBasic: { type: 'http', scheme: 'basic' } },
      schemas: { ErrorDetail: json(ErrorDetail, 'output') },
    },
  };
}
