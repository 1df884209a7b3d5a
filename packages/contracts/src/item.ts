import { z } from 'zod';
import { AuditFields, ReadRequestBase, Remark, textFilters } from './common.js';

const Text = z.string().trim().max(500).nullish();
const Key = z.string().trim().min(1, 'Required').max(64);

/** Dictionary entry, e.g. itemType "BasicInformation", itemName "Currency", en "NGN". Shared by all stations. */
export const ItemRequest = z.object({
  itemType: Key,
  itemName: Key,
  en: Text,
  ar: Text,
  es: Text,
  fr: Text,
  pt: Text,
  zh: Text,
  remark: Remark,
});
export type ItemRequest = z.infer<typeof ItemRequest>;
export const ItemDeleteRequest = z.object({ itemType: Key, itemName: Key });

export const ItemRow = z.object({
  itemType: z.string(),
  itemName: z.string(),
  en: z.string().nullable(),
  ar: z.string().nullable(),
  es: z.string().nullable(),
  fr: z.string().nullable(),
  pt: z.string().nullable(),
  zh: z.string().nullable(),
  ...AuditFields,
});
export type ItemRow = z.infer<typeof ItemRow>;

export const ItemReadRequest = ReadRequestBase.extend({
  ...textFilters('itemType', 'itemName', 'en', 'ar', 'es', 'fr', 'pt', 'zh', 'remark'),
});
export type ItemReadRequest = z.infer<typeof ItemReadRequest>;

export const ITEM_LANGS = ['en', 'ar', 'es', 'fr', 'pt', 'zh'] as const;
/** Drop-down source: `id` = itemName, `name` = the text in `lang` (falls back to en, then itemName). */
export const ItemListRequest = z.object({
  itemType: z.string().trim().max(64).nullish(),
  lang: z.string().trim().max(8).nullish(),
});
export const ItemListRow = z.object({ id: z.string(), name: z.string() });
