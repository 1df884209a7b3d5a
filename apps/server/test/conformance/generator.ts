import { resolve, type SchemaObject } from './original-document.js';

/**
 * A small deterministic request generator for the original's schemas. It writes what a client generated
 * from the document writes: every required member, every non-nullable member (a typed .NET/Java client
 * always serialises value types), and nullable members where the caller supplies a value (else an
 * explicit null, or nothing) — plus the two things the issue names: boolean filters (`status: true`) and
 * date-time ranges, in the spellings the original's clients use (ISO 8601 with and without a zone, and
 * "yyyy-MM-dd HH:mm:ss").
 */
export type ValueOf = (field: string) => unknown;

/** Ranges wide enough to include every row, each end in a different spelling. */
const RANGES = [
  ['2000-01-01T00:00:00', '2099-12-31 23:59:59'],
  ['2000-01-01 00:00:00', '2099-12-31T23:59:59Z'],
  ['2000-01-01T00:00:00+01:00', '2099-12-31T23:59:59.000'],
];

export class RequestGenerator {
  private ranges = 0;

  /** explicitNulls: send every other nullable member as null, as NSwag/.NET clients serialise them. */
  constructor(
    private readonly given: ValueOf,
    private readonly explicitNulls = false,
  ) {}

  /** A value for a schema; `field` is the member name it sits under (values are chosen by name). */
  value(schema: SchemaObject, field = ''): unknown {
    const s = resolve(schema);
    const chosen = this.given(field);
    if (chosen !== undefined) return chosen;
    if (s.enum) return s.enum[0];
    switch (s.type) {
      case 'object':
        return this.object(s);
      case 'array':
        return this.array(s, field);
      case 'boolean':
        return true;
      case 'integer':
        return 1;
      case 'number':
        return 10;
      default:
        return s.format === 'date-time' ? '2026-01-01T00:00:00' : `conf ${field}`.trim();
    }
  }

  private object(s: SchemaObject): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const required = new Set(s.required ?? []);
    for (const [name, raw] of Object.entries(s.properties ?? {})) {
      const prop = resolve(raw);
      const nullable = raw.nullable === true || prop.nullable === true;
      const isRange = prop.type === 'array' && resolve(prop.items ?? {}).format === 'date-time';
      if (required.has(name) || !nullable || isRange || prop.type === 'boolean') {
        out[name] = this.value(raw, name);
      } else if (this.given(name) !== undefined) {
        out[name] = this.given(name);
      } else if (this.explicitNulls) {
        out[name] = null;
      }
    }
    return out;
  }

  private array(s: SchemaObject, field: string): unknown[] {
    const items = resolve(s.items ?? {});
    if (items.format === 'date-time') {
      const range = RANGES[this.ranges % RANGES.length] ?? [];
      this.ranges += 1;
      return [...range];
    }
    return [this.value(s.items ?? {}, field)];
  }
}
