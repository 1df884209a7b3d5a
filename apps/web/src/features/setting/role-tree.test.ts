import { ALL_PERMISSION_KEYS, PermissionGroups } from '@prepay/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { contentToChecked, GROUP_PREFIX, permissionTree, treeToContent } from './role-tree';

describe('role tree ↔ content', () => {
  it('builds one group node per permission group with its keys as children', () => {
    const tree = permissionTree();
    expect(tree.map((n) => n.name)).toEqual(Object.keys(PermissionGroups));
    expect(tree.find((n) => n.name === 'Setting')?.children?.map((c) => c.key)).toEqual([
      ...PermissionGroups.Setting,
    ]);
    expect(tree.flatMap((n) => n.children ?? []).length).toBe(ALL_PERMISSION_KEYS.length);
  });

  it('leaves hidden keys out of the tree, and drops a group left empty', () => {
    const tree = permissionTree([...PermissionGroups.Setting, 'Token.MeterTestToken']);
    expect(tree.some((n) => n.name === 'Setting')).toBe(false);
    expect(tree.find((n) => n.name === 'Token')?.children?.map((c) => c.key)).not.toContain(
      'Token.MeterTestToken',
    );
  });

  it('content → checked leaves: trims, de-duplicates and drops unknown keys', () => {
    expect(contentToChecked(' Management.Meter ,Setting.Role,Management.Meter,Bogus.Key,')).toEqual([
      'Management.Meter',
      'Setting.Role',
    ]);
    expect(contentToChecked(null)).toEqual([]);
    expect(contentToChecked('')).toEqual([]);
  });

  it('checking a group checks every child; content is in menu order', () => {
    const content = treeToContent(['Setting.User', `${GROUP_PREFIX}Management`, 'Token.CreditToken']);
    expect(content).toBe(['Token.CreditToken', ...PermissionGroups.Management, 'Setting.User'].join(','));
  });

  it('round-trips: content → checked → content', () => {
    const content = 'Token.CreditToken,TokenRecord.CreditTokenRecord,Management.Customer,Setting.Role';
    expect(treeToContent(contentToChecked(content))).toBe(content);
  });

  it('keeps hidden keys the role already had, and does not add hidden keys of a checked group', () => {
    const hidden = ['Setting.Image'];
    const before = 'Setting.Image,Setting.Log';
    const checked = contentToChecked(before, hidden);
    expect(checked).toEqual(['Setting.Log']);
    expect(treeToContent(checked, before, hidden)).toBe('Setting.Log,Setting.Image');
    expect(treeToContent([`${GROUP_PREFIX}Setting`], '', hidden)).toBe(
      PermissionGroups.Setting.filter((k) => k !== 'Setting.Image').join(','),
    );
  });

  it('an empty selection is an empty content', () => {
    expect(treeToContent([])).toBe('');
  });
});
