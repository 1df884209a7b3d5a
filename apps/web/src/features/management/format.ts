/** Money as the server sends it (a number or a "350.00" string), always with 2 decimals. */
export function money(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  return Number.isFinite(n) ? n.toFixed(2) : String(v);
}
