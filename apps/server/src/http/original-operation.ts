import type { SwaggerTransform } from '@fastify/swagger';
import { originalOperationOf } from '@prepay/contracts';
import type { FastifySchema } from 'fastify';

/**
 * Wraps the OpenAPI transform so every operation that implements one of the original's says which: an
 * `x-original-operation` extension (its operationId) and a line in the description. One mapping drives it:
 * contracts' ORIGINAL_OPERATIONS, generated from the original's document.
 */
export function withOriginalOperation<S extends FastifySchema>(
  transform: SwaggerTransform<S>,
): SwaggerTransform<S> {
  return (input) => {
    const out = transform(input);
    const method = [input.route.method].flat()[0] ?? 'POST';
    const original = originalOperationOf(method, input.url);
    if (!original) return out;
    const schema = (out.schema ?? {}) as Record<string, unknown>;
    const line = `Implements the original's \`${original.operationId}\` (${method} ${original.path}).`;
    const description = typeof schema.description === 'string' ? `${schema.description}\n\n${line}` : line;
    return {
      ...out,
      schema: { ...schema, description, 'x-original-operation': original.operationId } as typeof out.schema,
    };
  };
}
