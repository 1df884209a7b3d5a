import { FIRMWARE_MAX_BYTES } from '@prepay/contracts';

/** Sizes as a user reads them (the 2 MB limit and what the file weighs). */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/**
 * Why a chosen file is not a meter firmware image (the locale key and its values), or null: the image is
 * a .bin of at most 2 MB, checked before it is sent (the server refuses the same files).
 */
export function imageProblem(file: {
  name: string;
  size: number;
}): { key: string; values: Record<string, string> } | null {
  if (!file.name.toLowerCase().endsWith('.bin')) return { key: 'ami.notBin', values: { name: file.name } };
  if (file.size > FIRMWARE_MAX_BYTES)
    return { key: 'ami.tooLarge', values: { name: file.name, size: sizeText(file.size) } };
  return null;
}
