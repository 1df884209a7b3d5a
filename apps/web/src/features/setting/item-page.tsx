import { ITEM_PATHS, type ItemRow } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import { auditColumns, textColumn } from '../../components/list-page/common-columns';
import { type CrudGrid, CrudPage, remarkField } from '../../components/list-page/crud-page';
import type { FieldDef } from '../../components/list-page/form-dialog';
import type { ListColumn } from '../../components/list-page/list-page';
import { type ListSpec, prefetchList } from '../../components/list-page/list-query';
import './locales';

const RESOURCE = 'item';
const LIST: ListSpec = { resource: RESOURCE, readPath: ITEM_PATHS.read };
/** The page's first read, started with its code by the menu or the router (issue 17). */
export const prefetch = prefetchList(LIST);
const LANGS = ['en', 'ar', 'es', 'fr', 'pt', 'zh'] as const;

type ItemForm = { itemType: string; itemName: string; remark?: string } & Partial<
  Record<(typeof LANGS)[number], string>
>;

function itemFields(t: TFunction): FieldDef[] {
  return [
    {
      name: 'itemType',
      label: t('setting.item.type'),
      kind: 'text',
      required: true,
      lockOnEdit: true,
      maxLength: 64,
    },
    {
      name: 'itemName',
      label: t('setting.item.name'),
      kind: 'text',
      required: true,
      lockOnEdit: true,
      maxLength: 64,
    },
    ...LANGS.map((l): FieldDef => ({ name: l, label: t(`setting.item.${l}`), kind: 'text', maxLength: 500 })),
    remarkField(t),
  ];
}

/** The write body: every language, empty ones as null. */
function toBody(v: ItemForm): Record<string, unknown> {
  const body: Record<string, unknown> = {
    itemType: v.itemType.trim(),
    itemName: v.itemName.trim(),
    remark: v.remark || null,
  };
  for (const l of LANGS) body[l] = v[l] || null;
  return body;
}

/** Items are named by type and name together. */
const ITEMS: CrudGrid<ItemRow> = {
  list: LIST,
  rowKey: (r) => `${r.itemType}\u0000${r.itemName}`,
  crud: {
    resource: RESOURCE,
    paths: ITEM_PATHS,
    keyOf: (r) => ({ itemType: r.itemType, itemName: r.itemName }),
    titles: 'setting.item',
  },
};

const itemColumns = (t: TFunction): ListColumn<ItemRow>[] => [
  textColumn('itemType', t('setting.item.type'), 160),
  textColumn('itemName', t('setting.item.name'), 160),
  ...LANGS.map((l) => ({
    key: l,
    title: t(`setting.item.${l}`),
    filter: { kind: 'text' as const },
    width: 150,
    ellipsis: true,
  })),
  ...auditColumns<ItemRow>(t),
];

export default function ItemPage() {
  return (
    <CrudPage<ItemRow, ItemForm>
      grid={ITEMS}
      columns={itemColumns}
      fields={itemFields}
      files={{ module: RESOURCE, fileName: 'items' }}
      toBody={toBody}
    />
  );
}
