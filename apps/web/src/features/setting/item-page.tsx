import { ITEM_API, type ItemRow, type RequestOf } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import { auditColumns, textColumn } from '../../components/list-page/common-columns';
import { crudPage, keyField, remarkField } from '../../components/list-page/crud-page';
import type { FieldDef } from '../../components/list-page/form-dialog';
import type { ListColumn } from '../../components/list-page/list-page';
import './locales';

const LANGS = ['en', 'ar', 'es', 'fr', 'pt', 'zh'] as const;

type ItemForm = { itemType: string; itemName: string; remark?: string } & Partial<
  Record<(typeof LANGS)[number], string>
>;

function itemFields(t: TFunction): FieldDef[] {
  return [
    keyField('itemType', t('setting.item.type')),
    keyField('itemName', t('setting.item.name')),
    ...LANGS.map((l): FieldDef => ({ name: l, label: t(`setting.item.${l}`), kind: 'text', maxLength: 500 })),
    remarkField(t),
  ];
}

/** The write body: every language, empty ones as null. */
function toBody(v: ItemForm): RequestOf<typeof ITEM_API.create>[number] {
  return {
    itemType: v.itemType.trim(),
    itemName: v.itemName.trim(),
    remark: v.remark || null,
    ...Object.fromEntries(LANGS.map((l) => [l, v[l] || null])),
  };
}

const itemColumns = (t: TFunction): ListColumn<ItemRow>[] => [
  textColumn('itemType', t('setting.item.type'), 160),
  textColumn('itemName', t('setting.item.name'), 160),
  // The console's own languages on screen, the others in the column chooser.
  ...LANGS.map((l) => ({
    key: l,
    title: t(`setting.item.${l}`),
    filter: { kind: 'text' as const },
    width: 150,
    ellipsis: true,
    optional: !(l === 'en' || l === 'zh' || l === 'es'),
  })),
  ...auditColumns<ItemRow>(t).map((c) => ({ ...c, optional: true })),
];

const page = crudPage<typeof ITEM_API, ItemForm>({
  resource: 'item',
  api: ITEM_API,
  id: 'itemType',
  titles: 'setting.item',
  // Items are named by type and name together.
  keys: ['itemType', 'itemName'],
  rowKey: (r) => `${r.itemType}\u0000${r.itemName}`,
  columns: itemColumns,
  fields: itemFields,
  files: { module: 'item', fileName: 'items' },
  toBody,
});
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = page.prefetch;
export default page.Page;
