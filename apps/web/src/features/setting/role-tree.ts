import {
  ALL_PERMISSION_KEYS,
  type PermissionGroup,
  PermissionGroups,
  parseRoleContent,
} from '@prepay/contracts/permissions';

/** Group nodes carry a prefix so they never collide with a permission key. */
export const GROUP_PREFIX = 'group:';

export interface PermissionNode {
  key: string;
  /** The permission key (leaf) or group name. */
  name: string;
  children?: PermissionNode[];
}

/** The tree of `PermissionGroups`, without the keys the server hides from the editor. */
export function permissionTree(hidden: readonly string[] = []): PermissionNode[] {
  const hide = new Set(hidden);
  return (Object.keys(PermissionGroups) as PermissionGroup[]).flatMap((group) => {
    const children = PermissionGroups[group]
      .filter((k) => !hide.has(k))
      .map((k): PermissionNode => ({ key: k, name: k }));
    return children.length ? [{ key: `${GROUP_PREFIX}${group}`, name: group, children }] : [];
  });
}

const known = new Set<string>(ALL_PERMISSION_KEYS);

/**
 * Role content → checked leaves of the tree. Groups are not stored: the tree shows a group checked
 * when all its children are, half-checked when some are. Unknown keys are dropped (the server
 * refuses them); hidden keys are not shown but kept by `treeToContent`.
 */
export function contentToChecked(
  content: string | null | undefined,
  hidden: readonly string[] = [],
): string[] {
  const hide = new Set(hidden);
  return [...new Set(parseRoleContent(content))].filter((k) => known.has(k) && !hide.has(k));
}

/**
 * Checked tree keys (antd passes group keys too when a whole group is checked) → role content: the
 * comma-separated permission keys in menu order, plus any hidden keys the role already had.
 */
export function treeToContent(
  checked: readonly string[],
  previousContent: string | null | undefined = '',
  hidden: readonly string[] = [],
): string {
  const wanted = new Set<string>();
  for (const key of checked) {
    if (key.startsWith(GROUP_PREFIX)) {
      const group = key.slice(GROUP_PREFIX.length) as PermissionGroup;
      for (const k of PermissionGroups[group] ?? []) if (!hidden.includes(k)) wanted.add(k);
    } else if (known.has(key)) {
      wanted.add(key);
    }
  }
  for (const k of parseRoleContent(previousContent)) if (hidden.includes(k) && known.has(k)) wanted.add(k);
  return ALL_PERMISSION_KEYS.filter((k) => wanted.has(k)).join(',');
}
