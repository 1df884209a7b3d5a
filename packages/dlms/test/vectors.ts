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

/** The ids of one layer's vectors, for it.each. */
export const idsOf = (layer: Vector['layer']): string[] =>
  VECTORS.filter((v) => v.layer === layer).map((v) => v.id);

/** The Green Book example keys and system titles (DLMS UA 1000-2, security suite 0 examples). */
export const GREEN_BOOK = {
  keys: {
    blockCipherKey: fromHex('000102030405060708090A0B0C0D0E0F'),
    authenticationKey: fromHex('D0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF'),
  },
  serverTitle: fromHex('4D4D4D0000BC614E'),
  clientTitle: fromHex('4D4D4D0000000001'),
};
