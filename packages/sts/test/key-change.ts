/**
 * The 128-bit (EA 11) decoder keys DKGA-04 derives for the test meter with TI 01 and TI 02
 * (keystore.test.ts): the current and the next key of an EA 11 key change.
 */
export const EA11_KEYS = {
  current: 'F94B6ED353C3BFDB113E2D3A7EA3C41D',
  next: 'B208834372EF892EF6E04C28593090D4',
} as const;

/** The key change fields most examples share: KEN 255, KRN 1, KT 2, and the TID memory kept (RO 0). */
export const KEY_CHANGE_FIELDS = { newKEN: 255, newKRN: 1, RO: 0, newKT: 2 } as const;
