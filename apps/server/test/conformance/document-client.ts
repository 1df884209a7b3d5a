import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats is CommonJS: under Node's ESM interop its plugin is the module's `default` member.
const addFormats = ajvFormats.default;

/**
 * A client generated at run time from an OpenAPI 3 document, as a code generator would: one call per
 * operationId, its path filled from the named parameters, its body checked against the document's request
 * schema before it is sent and every answer checked against the document's schema for that status. It
 * knows nothing of the server but the document and the base URL the document names.
 */
interface Operation {
  operationId: string;
  parameters?: { name: string; in: 'path' | 'query' }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
export interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}
// biome-ignore lint/suspicious/noExplicitAny: an answer's shape is checked against the document's schema, not typed
export type Call = (params: Record<string, string>, body?: unknown) => Promise<Answer<any>>;

function compile(ajv: Ajv, schema: object): ValidateFunction {
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')));
}

const errorsOf = (fn: ValidateFunction, value: unknown) =>
  fn(value) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);

function fill(path: string, op: Operation, params: Record<string, string>) {
  let url = path;
  const query: string[] = [];
  for (const p of op.parameters ?? []) {
    const v = params[p.name];
    if (v === undefined) throw new Error(`${op.operationId}: parameter ${p.name} missing`);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(v));
    else query.push(`${p.name}=${encodeURIComponent(v)}`);
  }
  return query.length ? `${url}?${query.join('&')}` : url;
}

export function generatedClient(app: FastifyInstance, doc: Document, authorization: () => string) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  const base = doc.servers[0]?.url ?? '';
  const client: Record<string, Call> = {};
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const request = op.requestBody?.content['application/json']?.schema;
      const check = request ? compile(ajv, request) : undefined;
      const answers = new Map(
        Object.entries(op.responses).map(([status, r]) => {
          const schema = r.content?.['application/json']?.schema;
          return [Number(status), schema ? compile(ajv, schema) : undefined] as const;
        }),
      );
      client[op.operationId] = async (params, body) => {
        if (check) {
          const problems = errorsOf(check, body);
          if (problems.length) throw new Error(`${op.operationId} request: ${problems.join('; ')}`);
        }
        const res = await app.inject({
          method: method.toUpperCase() as 'POST',
          url: `${base}${fill(path, op, params)}`,
          headers: { 'content-type': 'application/json', authorization: authorization() },
          payload: JSON.stringify(body ?? {}),
        });
        if (!answers.has(res.statusCode)) {
          throw new Error(`${op.operationId}: status ${res.statusCode} is not in the document: ${res.body}`);
        }
        const parsed = res.body ? res.json() : undefined;
        const validate = answers.get(res.statusCode);
        if (validate) {
          const problems = errorsOf(validate, parsed);
          if (problems.length)
            throw new Error(`${op.operationId} ${res.statusCode}: ${problems.join('; ')} in ${res.body}`);
        }
        return { status: res.statusCode, body: parsed };
      };
    }
  }
  return client;
}
