/**
 * How deep a request body may nest. The deepest body any route takes is five levels (a body, its data
 * array, a row, a row's tariff steps, one step); 64 leaves room for any client's wrapping while keeping
 * every walk over a body (validation, the NUL check, log and audit redaction, JSON.stringify) far inside
 * the call stack. A 1 MB body can otherwise nest 500,000 levels, and V8's JSON.stringify and every
 * recursive walk overflow the stack long before that (at about 10,000).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The nesting depth of a JSON text, counted without parsing it (brackets inside strings do not count),
 * stopping as soon as it passes `limit`. Linear in the text, no recursion.
 */
export function jsonTextDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** True when the JSON text nests deeper than `limit`. */
export const nestsTooDeep = (text: string, limit = MAX_JSON_DEPTH) => jsonTextDepth(text, limit) > limit;

/** The sentence a refused body gets. */
export const TOO_DEEP = `nested more than ${MAX_JSON_DEPTH} levels deep (no request needs that many)`;
