import { z } from 'zod';
import { AuditFields, ReadRequestBase, Remark, sameFields, textFilters } from './common.js';

const Text = z.string().trim().max(500).nullish();
const Key = z.string().trim().min(1, 'Required').max(64);

/** The languages a dictionary entry has a text in, in the order its columns stand. */
export const ITEM_LANGS = ['en', 'ar', 'es', 'fr', 'pt', 'zh'] as const;

/** Dictionary entry, e.g. itemType "BasicInformation", itemName "Currency", en "NGN". Shared by all stations. */
export const ItemRequest = z.object({
  itemType: Key,
  itemName: Key,
  ...sameFields(ITEM_LANGS, () => Text),
  remark: Remark,
});
export type ItemRequest = z.infer<typeof ItemRequest>;
export const ItemDeleteRequest = z.object({ itemType: Key, itemName: Key });

export const ItemRow = z.object({
  itemType: z.string(),
  itemName: z.string(),
  ...sameFields(ITEM_LANGS, () => z.string().nullable()),
  ...AuditFields,
});
export type ItemRow = z.infer<typeof ItemRow>;

export const ItemReadRequest = ReadRequestBase.extend({
  ...textFilters('itemType', 'itemName', ...ITEM_LANGS, 'remark'),
});
export type ItemReadRequest = z.infer<typeof ItemReadRequest>;

/** Drop-down source: `id` = itemName, `name` = the text in `lang` (falls back to en, then itemName). */
export const ItemListRequest = z.object({
  itemType: z.string().trim().max(64).nullish(),
  lang: z.string().trim().max(8).nullish(),
});
export const ItemListRow = z.object({ id: z.string(), name: z.string() });
