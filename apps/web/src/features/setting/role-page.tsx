import { ROLE_API, type RoleRow } from '@prepay/contracts';
import { parseRoleContent } from '@prepay/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { Form, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { auditColumns, textColumn } from '../../components/list-page/common-columns';
import {
  CrudPage,
  crudPrefetch,
  crudTable,
  keyField,
  remarkField,
} from '../../components/list-page/crud-page';
import type { FieldDef } from '../../components/list-page/form-dialog';
import type { ListColumn } from '../../components/list-page/list-page';
import { readHiddenRole } from './api';
import { usePermissionLabel } from './permission-labels';
import { RoleMenuTree } from './role-menu-tree';
import './locales';

const ROLES = crudTable('setting', 'role', ROLE_API, 'roleId');
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = crudPrefetch(ROLES);

/** The role form: the menu tree keeps keys the editor hides as they were (`original`). */
function roleFields(t: TFunction, hidden: string[], original: string | undefined): FieldDef[] {
  return [
    keyField('roleId', t('setting.role.id')),
    { name: 'name', label: t('setting.role.name'), kind: 'text', required: true, maxLength: 128 },
    {
      name: 'content',
      label: t('setting.role.menu'),
      kind: 'custom',
      wide: true,
      render: () => (
        <Form.Item name="content" label={t('setting.role.menu')}>
          <RoleMenuTree hidden={hidden} original={original} />
        </Form.Item>
      ),
    },
    remarkField(t),
  ];
}

type RoleForm = { roleId: string; name: string; content?: string; remark?: string };

const toBody = (v: RoleForm) => ({
  roleId: v.roleId.trim(),
  name: v.name.trim(),
  content: v.content ?? '',
  remark: v.remark || null,
});

/** The role grid; the menu column counts the keys and lists them on hover. */
function roleColumns(t: TFunction, permissionLabel: (key: string) => string): ListColumn<RoleRow>[] {
  return [
    { key: 'roleId', title: t('setting.role.id'), sort: true, width: 140 },
    textColumn('name', t('setting.role.name'), 160),
    {
      key: 'content',
      title: t('setting.role.menu'),
      width: 260,
      render: (v) => {
        const keys = parseRoleContent(v as string);
        return (
          <Tooltip title={keys.map((k) => permissionLabel(k)).join(', ')}>
            <span>{t('setting.role.keys', { count: keys.length })}</span>
          </Tooltip>
        );
      },
    },
    ...auditColumns<RoleRow>(t),
  ];
}

export default function RolePage() {
  const permissionLabel = usePermissionLabel();
  const hiddenQuery = useQuery({
    queryKey: ['lookup', 'hiddenRole'],
    queryFn: readHiddenRole,
    staleTime: 300_000,
  });
  const hidden = parseRoleContent(hiddenQuery.data?.hiddenRole);
  return (
    <CrudPage<typeof ROLE_API, RoleForm>
      table={ROLES}
      columns={(t) => roleColumns(t, permissionLabel)}
      fields={(t, _isAdmin, _stations, row) => roleFields(t, hidden, row?.content)}
      initialValues={(row) => row ?? { content: '' }}
      toBody={toBody}
    />
  );
}
