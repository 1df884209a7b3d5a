import { readFileSync } from 'node:fs';

/**
 * The original system's own OpenAPI 3.0 document ("AMR API", 144 operations), copied verbatim from
 * reference/original-openapi.json. The conformance test is driven by it: operations, request schemas and
 * response schemas all come from here.
 */
export interface SchemaObject {
  type?: string;
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, SchemaObject>;
  items?: SchemaObject;
  $ref?: string;
  minLength?: number;
  additionalProperties?: boolean | SchemaObject;
}

interface RawOperation {
  tags: string[];
  operationId: string;
  parameters?: { name: string; in: string; schema: SchemaObject }[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
  responses: Record<string, { content?: Record<string, { schema: SchemaObject }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, SchemaObject>; securitySchemes: Record<string, unknown> };
}

export interface OriginalOperation {
  operationId: string;
  tag: string;
  method: 'GET' | 'POST';
  /** The path exactly as the original's document spells it. */
  path: string;
  /** The JSON body schema (application/json), when the operation takes one. */
  body: SchemaObject | undefined;
  query: { name: string; schema: SchemaObject }[];
  /** The 200 answer's schema (application/json). */
  response: SchemaObject | undefined;
}

export const originalDocument: OpenApiDocument = JSON.parse(
  readFileSync(new URL('./original-openapi.json', import.meta.url), 'utf8'),
);

export const originalOperations: OriginalOperation[] = Object.entries(originalDocument.paths).flatMap(
  ([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      operationId: op.operationId,
      tag: op.tags[0] ?? '',
      method: method.toUpperCase() as 'GET' | 'POST',
      path,
      body: op.requestBody?.content['application/json']?.schema,
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
      response: op.responses['200']?.content?.['application/json']?.schema,
    })),
);

/** Resolves a local "#/components/schemas/X" reference. */
export function resolve(schema: SchemaObject): SchemaObject {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = originalDocument.components.schemas[name];
  if (!target) throw new Error(`unknown schema ${schema.$ref}`);
  return resolve(target);
}
