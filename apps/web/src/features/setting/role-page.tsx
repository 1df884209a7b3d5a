import { ROLE_PATHS, type RoleRow } from '@prepay/contracts';
import { parseRoleContent } from '@prepay/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { Form, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditColumns } from '../../components/list-page/common-columns';
import { EditAction } from '../../components/list-page/edit-action';
import { type FieldDef, FormDialog, type FormMode } from '../../components/list-page/form-dialog';
import { ListPage, useRefreshList } from '../../components/list-page/list-page';
import { type ListSpec, prefetchList } from '../../components/list-page/list-query';
import { writeRows } from '../../components/list-page/lookups';
import { request } from '../../lib/request';
import { usePermissionLabel } from './permission-labels';
import { RoleMenuTree } from './role-menu-tree';
import './locales';

const RESOURCE = 'role';
const LIST: ListSpec = { resource: RESOURCE, readPath: ROLE_PATHS.read };
/** The page's first read, started with its code by the menu or the router (issue 17). */
export const prefetch = prefetchList(LIST);

/** The role form: the menu tree keeps keys the editor hides as they were (`original`). */
function roleFields(t: TFunction, hidden: string[], original: string | undefined): FieldDef[] {
  return [
    {
      name: 'roleId',
      label: t('setting.role.id'),
      kind: 'text',
      required: true,
      lockOnEdit: true,
      maxLength: 64,
    },
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
    { name: 'remark', label: t('listPage.remark'), kind: 'textarea', wide: true, maxLength: 500 },
  ];
}

export default function RolePage() {
  const { t } = useTranslation();
  const permissionLabel = usePermissionLabel();
  const refresh = useRefreshList(RESOURCE);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: RoleRow } | null>(null);
  const hiddenQuery = useQuery({
    queryKey: ['lookup', 'hiddenRole'],
    queryFn: () => request<{ hiddenRole: string }>(ROLE_PATHS.readDataRole, {}),
    staleTime: 300_000,
  });
  const hidden = parseRoleContent(hiddenQuery.data?.hiddenRole);

  return (
    <>
      <ListPage<RoleRow>
        {...LIST}
        rowKey={(r) => r.roleId}
        columns={[
          { key: 'roleId', title: t('setting.role.id'), sort: true, width: 140 },
          { key: 'name', title: t('setting.role.name'), filter: { kind: 'text' }, sort: true, width: 160 },
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
        ]}
        onAdd={() => setDialog({ mode: 'create' })}
        onDelete={(rows) =>
          writeRows(
            ROLE_PATHS.delete,
            rows.map((r) => ({ roleId: r.roleId })),
          )
        }
        actions={(row) => <EditAction onClick={() => setDialog({ mode: 'edit', row })} />}
      />
      <FormDialog
        open={dialog !== null}
        mode={dialog?.mode ?? 'create'}
        title={dialog?.mode === 'edit' ? t('setting.role.edit') : t('setting.role.add')}
        fields={roleFields(t, hidden, dialog?.row?.content)}
        initialValues={dialog?.row ?? { content: '' }}
        onClose={() => setDialog(null)}
        onSubmit={async (v: { roleId: string; name: string; content?: string; remark?: string }) => {
          await writeRows(dialog?.mode === 'edit' ? ROLE_PATHS.update : ROLE_PATHS.create, [
            {
              roleId: v.roleId.trim(),
              name: v.name.trim(),
              content: v.content ?? '',
              remark: v.remark || null,
            },
          ]);
          await refresh();
        }}
      />
    </>
  );
}
