import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The public vectors, copied byte for byte from ../shared/vectors/sts-vectors.json so the package
 * tests run from a clone alone; vectors.test.ts checks the copy still matches the shared file when
 * it is present. Expected values are never edited.
 */
export const VECTORS_PATH = fileURLToPath(new URL('./sts-vectors.json', import.meta.url));
export const SHARED_VECTORS_PATH = fileURLToPath(
  new URL('../../../../shared/vectors/sts-vectors.json', import.meta.url),
);

export interface Vector {
  id: string;
  category: string;
  inputs: Record<string, unknown>;
  expected?: Record<string, unknown> | null;
  derived?: Record<string, unknown> | null;
  status: string;
  note?: string;
}

export function loadVectors(): Vector[] {
  return (JSON.parse(readFileSync(VECTORS_PATH, 'utf8')) as { vectors: Vector[] }).vectors;
}

export function sharedVectorsText(): string | undefined {
  return existsSync(SHARED_VECTORS_PATH) ? readFileSync(SHARED_VECTORS_PATH, 'utf8') : undefined;
}
