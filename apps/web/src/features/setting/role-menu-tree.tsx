import { Tree } from 'antd';
import { useMemo } from 'react';
import { usePermissionLabel } from './permission-labels';
import { contentToChecked, permissionTree, treeToContent } from './role-tree';

interface Props {
  value?: string;
  onChange?: (content: string) => void;
  hidden: readonly string[];
  /** The content the role had when the dialog opened: its hidden keys are kept. */
  original?: string;
}

/** The role's Menu: a checkable tree of the permission keys; checking a group checks its pages. */
export function RoleMenuTree({ value, onChange, hidden, original }: Props) {
  const permissionLabel = usePermissionLabel();
  const treeData = useMemo(
    () =>
      permissionTree(hidden).map((g) => ({
        key: g.key,
        title: <span data-testid={`perm-${g.name}`}>{permissionLabel(g.name)}</span>,
        children: g.children?.map((c) => ({
          key: c.key,
          title: <span data-testid={`perm-${c.name}`}>{permissionLabel(c.name)}</span>,
        })),
      })),
    [hidden, permissionLabel],
  );
  const checked = contentToChecked(value, hidden);
  return (
    <div
      data-testid="role-menu-tree"
      style={{ maxHeight: 360, overflow: 'auto', border: '1px solid #d9d9d9', borderRadius: 6, padding: 8 }}
    >
      <Tree
        checkable
        selectable={false}
        // No expand animation: rc-tree ignores a second expand click while one animates, so an
        // administrator opening two groups quickly lost the second click.
        motion={false}
        defaultExpandAll={false}
        treeData={treeData}
        checkedKeys={checked}
        onCheck={(keys) => {
          const list = (Array.isArray(keys) ? keys : keys.checked).map(String);
          onChange?.(treeToContent(list, original, hidden));
        }}
      />
    </div>
  );
}
