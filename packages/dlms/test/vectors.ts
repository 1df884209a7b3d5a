import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fromHex } from '../src/index.js';

/**
 * The DLMS vectors with their provenance. `kind: published` bytes come from the source named in
 * `source`; expected values are never edited. Our own round-trip cases live in the tests, not here.
 */
export const VECTORS_PATH = fileURLToPath(new URL('./dlms-vectors.json', import.meta.url));

export interface Vector {
  id: string;
  layer: 'axdr' | 'date-time' | 'wrapper' | 'hdlc' | 'apdu' | 'security' | 'class';
  hex: string;
  meaning: string;
  source: string;
  kind: 'published';
}

export const VECTORS: readonly Vector[] = JSON.parse(readFileSync(VECTORS_PATH, 'utf8'));

export function vector(id: string): Vector {
  const v = VECTORS.find((x) => x.id === id);
  if (!v) throw new Error(`no vector ${id}`);
  return v;
}

export const bytesOf = (id: string): Uint8Array => fromHex(vector(id).hex);
