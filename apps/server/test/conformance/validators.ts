import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { originalDocument, type SchemaObject } from './original-document.js';

// ajv-formats is CommonJS: under Node's ESM interop its plugin is the module's `default` member.
const addFormats = ajvFormats.default;

/**
 * The original's answers carry date-times as "yyyy-MM-dd HH:mm:ss" although the document says
 * `format: date-time` (observed live on the original); both spellings are that format here.
 */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Every `additionalProperties: false` removed: our answers may carry more than the original's. */
function allowExtras<T>(node: T): T {
  if (Array.isArray(node)) return node.map(allowExtras) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'additionalProperties' && v === false) continue;
    out[k] = allowExtras(v);
  }
  return out as T;
}

function ajvWith(components: unknown): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('date-time', DATE_TIME);
  ajv.addSchema({ $id: 'original', components }, 'original');
  return ajv;
}

// Requests are checked against the document as written (no extra members); answers with extras allowed.
const requestAjv = ajvWith(originalDocument.components);
const responseAjv = ajvWith(allowExtras(originalDocument.components));

/** Rewrites local "#/components/…" references to the registered document. */
function anchored(schema: SchemaObject): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"original#/components/'));
}

const cache = new Map<string, ValidateFunction>();
function compile(ajv: Ajv, kind: string, schema: SchemaObject): ValidateFunction {
  const key = `${kind}:${JSON.stringify(schema)}`;
  let fn = cache.get(key);
  if (!fn) {
    fn = ajv.compile(anchored(schema) as object);
    cache.set(key, fn);
  }
  return fn;
}

export function requestErrors(schema: SchemaObject, value: unknown): string[] {
  const fn = compile(requestAjv, 'request', schema);
  return fn(value) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

export function responseErrors(schema: SchemaObject, value: unknown): string[] {
  const fn = compile(responseAjv, 'response', schema);
  return fn(value) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}
