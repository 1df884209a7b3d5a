/** What /pdf/table-normal prints: a receipt (label/value lines) and/or a table. */
export interface PrintPayload {
  title: string;
  /** Receipt lines, e.g. [["Receipt Id", "R0001"], ["Token", "1234 5678 …"]]. */
  lines?: Array<[label: string, value: string]>;
  columns?: Array<{ key: string; title: string }>;
  rows?: Array<Record<string, string | number | null>>;
  /** Narrow thermal-receipt layout (the original's 60 mm width). */
  receipt?: boolean;
  /** A logo above the title (e.g. Setting → Image receipt logo); `logoAlt` is shown instead when it fails to load. */
  logoUrl?: string;
  logoAlt?: string;
  /** The seller's name above the title (item dictionary: BasicInformation → Company). */
  company?: string;
  /** Stamps across the top, e.g. "COPY" on a reprint, "CANCELLED" for a cancelled vend. */
  marks?: string[];
  /** The token in groups of four, printed large; a line breaks only between groups. */
  token?: string;
  tokenLabel?: string;
  /** Lines to sign under the content (e.g. the operator and the supervisor of a cash-up). */
  signatures?: string[];
}

export const PRINT_STORAGE_KEY = 'prepay.print';

/** Hands the payload to the print view through sessionStorage and opens it in a new tab. */
export function openPrintView(payload: PrintPayload) {
  sessionStorage.setItem(PRINT_STORAGE_KEY, JSON.stringify(payload));
  // Not 'noopener': Chromium then starts the tab with empty sessionStorage and the view has nothing to
  // print. The new tab gets a copy of this tab's sessionStorage; the opener link is cut right after.
  const tab = window.open('/pdf/table-normal', '_blank');
  if (tab) tab.opener = null;
}

export function readPrintPayload(state: unknown): PrintPayload | null {
  if (state && typeof state === 'object' && 'title' in state) return state as PrintPayload;
  try {
    const raw = sessionStorage.getItem(PRINT_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as PrintPayload) : null;
  } catch {
    return null;
  }
}

/**
 * The text a cell shows, for printing: what its render draws (a tag's words, money with 2 places)
 * rather than the stored code. A node that draws no text (an icon, a component fed by props) gives ''.
 */
export function nodeText(node: unknown): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(nodeText).join('');
  if (typeof node === 'object' && 'props' in node) {
    return nodeText((node.props as { children?: unknown } | null)?.children);
  }
  return '';
}
