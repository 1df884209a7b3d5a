import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The shared DL/T 645 / 376.1 vectors, copied byte for byte from ../shared/vectors/dlt645-vectors.json
 * so the package tests run from a clone alone; vectors.test.ts checks the copy still matches the shared
 * file when it is present. Expected values are never edited.
 */
export const VECTORS_PATH = fileURLToPath(new URL('./dlt645-vectors.json', import.meta.url));
const SHARED_VECTORS_PATH = fileURLToPath(
  new URL('../../../../shared/vectors/dlt645-vectors.json', import.meta.url),
);

export interface Vector {
  id: string;
  protocol: 'DL/T 645-2007' | 'DL/T 645-1997' | 'Q/GDW 376.1' | string;
  direction: string;
  hex: string;
  meaning: string;
  kind: string;
  checksum_ok: boolean;
}

export const VECTORS: readonly Vector[] = JSON.parse(readFileSync(VECTORS_PATH, 'utf8'));

export function sharedVectorsText(): string | undefined {
  return existsSync(SHARED_VECTORS_PATH) ? readFileSync(SHARED_VECTORS_PATH, 'utf8') : undefined;
}

export function vectorHex(id: string): string {
  const v = VECTORS.find((x) => x.id === id);
  if (!v) throw new Error(`no vector ${id}`);
  return v.hex;
}

/** Number of FE bytes before the frame. */
export function preambleOf(hex: string): number {
  let n = 0;
  while (hex.startsWith('FE ', 3 * n)) n++;
  return n;
}
