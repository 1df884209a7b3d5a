import type { Dlt645TreeNode, TaskKind } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { readDataItemTree } from './api';
import { KINDS } from './task-kinds';

/** Keeps groups whose label or items match the keyword (the original's "Enter keywords to filter"). */
export function filterTree(nodes: Dlt645TreeNode[], keyword: string): Dlt645TreeNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return nodes;
  return nodes
    .map((g) =>
      g.label.toLowerCase().includes(k)
        ? g
        : { ...g, children: g.children.filter((c) => `${c.label} ${c.id}`.toLowerCase().includes(k)) },
    )
    .filter((g) => g.children.length > 0);
}

const treeData = (nodes: Dlt645TreeNode[], checkable: boolean) =>
  nodes.map((g) => ({
    key: g.id,
    title: g.label,
    selectable: false,
    checkable,
    children: g.children.map((c) => ({ key: c.id, title: c.label, isLeaf: true })),
  }));

/**
 * The DL/T 645 data items of the meters' protocol version: several checked for a reading, one selected
 * for a setting. Only item ids reach `onChange`, never a group's.
 */
export function DataItemPicker(props: {
  kind: TaskKind;
  version: string;
  checked: string[];
  onChange: (ids: string[]) => void;
}) {
  const { kind, version, checked, onChange } = props;
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const lang = currentLanguage();
  const tree = useQuery({
    queryKey: ['dlt645-tree', version, kind, lang],
    queryFn: () => readDataItemTree({ lang, version, type: KINDS[kind].catalogueType }),
  });
  const shown = useMemo(() => filterTree(tree.data ?? [], keyword), [tree.data, keyword]);
  const groupIds = new Set((tree.data ?? []).map((g) => g.id));
  return (
    <Form.Item label={t('remote.dataItem')} required>
      <Input
        allowClear
        data-testid="tree-filter"
        placeholder={t('remote.filterItems')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Tree
        data-testid="data-item-tree"
        checkable={kind === 'reading'}
        selectable={kind === 'setting'}
        defaultExpandAll
        key={`${keyword}-${shown.length}`}
        treeData={treeData(shown, kind === 'reading')}
        checkedKeys={checked}
        selectedKeys={checked}
        onCheck={(keys) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          onChange(list.map(String).filter((k) => !groupIds.has(k)));
        }}
        onSelect={(keys) => onChange(keys.map(String))}
      />
    </Form.Item>
  );
}
