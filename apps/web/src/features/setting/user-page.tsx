import type { UserRow } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Form, InputNumber, Modal, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditColumns, stationColumn } from '../../components/list-page/common-columns';
import { EditAction } from '../../components/list-page/edit-action';
import { type FieldDef, FormDialog, type FormMode } from '../../components/list-page/form-dialog';
import { ListPage, useRefreshList } from '../../components/list-page/list-page';
import { type ListSpec, prefetchList } from '../../components/list-page/list-query';
import {
  useIsSystemAdmin,
  useOwnStationId,
  useStations,
  writeRows,
} from '../../components/list-page/lookups';
import { request } from '../../lib/request';
import './locales';

const RESOURCE = 'user';
const LIST: ListSpec = { resource: RESOURCE, readPath: '/api/user/read' };
/** The page's first read, started with its code by the menu or the router (issue 17). */
export const prefetch = prefetchList(LIST);

interface UserForm {
  userId: string;
  nickName?: string;
  fullName?: string;
  email?: string;
  phone?: string;
  address?: string;
  /** true = enabled (the original's wire form). */
  status: boolean;
  roleIds: string[];
  roleId?: string;
  stationId: string;
  quotaEnable?: boolean;
  quotaValue?: number | string | null;
  remark?: string;
}

interface OneTime {
  userId: string;
  oneTimePassword: string | null;
  oneTimeAuthorizationPassword?: string | null;
}

/** kWh, -1 for "No Limit" (contracts: UserWritable.quota). */
const quotaLabel = (t: (k: string) => string, v: unknown) =>
  typeof v === 'number' && v >= 0 ? String(v) : t('setting.user.noLimit');

export default function UserPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const refresh = useRefreshList(RESOURCE);
  const isAdmin = useIsSystemAdmin();
  const ownStation = useOwnStationId();
  const stations = useStations();
  const roles = useQuery({
    queryKey: ['lookup', 'role'],
    queryFn: () =>
      request<{ data: { roleId: string; name: string }[] }>('/api/role/read', {
        pageNumber: 1,
        pageSize: 200,
        orderBy: 'roleId asc',
      }),
    select: (p) => p.data.map((r) => ({ value: r.roleId, label: `${r.roleId} — ${r.name}` })),
  });
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: UserRow } | null>(null);
  const [oneTime, setOneTime] = useState<OneTime | null>(null);

  const statusOptions = [
    { value: true, label: t('setting.user.enable') },
    { value: false, label: t('setting.user.disable') },
  ];

  const fields: FieldDef[] = [
    {
      name: 'userId',
      label: t('setting.user.id'),
      kind: 'text',
      required: true,
      lockOnEdit: true,
      maxLength: 64,
    },
    { name: 'nickName', label: t('setting.user.nickName'), kind: 'text', maxLength: 64 },
    { name: 'fullName', label: t('setting.user.fullName'), kind: 'text', maxLength: 128 },
    { name: 'email', label: t('setting.user.email'), kind: 'email', maxLength: 128 },
    { name: 'phone', label: t('setting.user.phone'), kind: 'text', maxLength: 32 },
    { name: 'address', label: t('setting.user.address'), kind: 'text', maxLength: 256 },
    {
      name: 'status',
      label: t('setting.user.status'),
      kind: 'select',
      required: true,
      options: statusOptions,
    },
    {
      name: 'stationId',
      label: t('setting.user.stationId'),
      kind: 'select',
      required: true,
      options: stations.data ?? (ownStation ? [{ value: ownStation, label: ownStation }] : []),
    },
    {
      name: 'roleIds',
      label: t('setting.user.roles'),
      kind: 'custom',
      render: (form) => (
        <Form.Item
          name="roleIds"
          label={t('setting.user.roles')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select
            data-testid="field-roleIds"
            mode="multiple"
            options={roles.data ?? []}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(ids: string[]) => {
              // Keep the default role one of the chosen roles (the first, unless already chosen).
              const current = form.getFieldValue('roleId') as string | undefined;
              if (!current || !ids.includes(current)) form.setFieldValue('roleId', ids[0]);
            }}
          />
        </Form.Item>
      ),
    },
    {
      name: 'roleId',
      label: t('setting.user.defaultRole'),
      kind: 'custom',
      render: (form) => (
        <Form.Item noStyle shouldUpdate={(a, b) => a.roleIds !== b.roleIds}>
          {() => {
            const chosen: string[] = form.getFieldValue('roleIds') ?? [];
            return (
              <Form.Item
                name="roleId"
                label={t('setting.user.defaultRole')}
                extra={t('setting.user.defaultRoleHint')}
                rules={[{ required: true, message: t('validation.required') }]}
              >
                <Select
                  data-testid="field-roleId"
                  options={(roles.data ?? []).filter((o) => chosen.includes(o.value))}
                />
              </Form.Item>
            );
          }}
        </Form.Item>
      ),
    },
    {
      name: 'quota',
      label: t('setting.user.quotaEnable'),
      kind: 'custom',
      wide: true,
      render: () => (
        <Form.Item noStyle shouldUpdate={(a, b) => a.quotaEnable !== b.quotaEnable}>
          {({ getFieldValue }) => (
            <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
              <Form.Item name="quotaEnable" label={t('setting.user.quotaEnable')} valuePropName="checked">
                <Switch data-testid="field-quotaEnable" />
              </Form.Item>
              {getFieldValue('quotaEnable') ? (
                <Form.Item
                  name="quotaValue"
                  label={t('setting.user.quotaValue')}
                  rules={[
                    { required: true, message: t('validation.required') },
                    {
                      validator: (_r, v) =>
                        v === null || v === undefined || (Number.isFinite(Number(v)) && Number(v) >= 0)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('validation.number'))),
                    },
                  ]}
                >
                  <InputNumber data-testid="field-quotaValue" min={0} style={{ width: 200 }} />
                </Form.Item>
              ) : (
                <Col style={{ paddingTop: 30 }}>
                  <Tag>{t('setting.user.noLimit')}</Tag>
                </Col>
              )}
            </div>
          )}
        </Form.Item>
      ),
    },
    { name: 'remark', label: t('listPage.remark'), kind: 'textarea', wide: true, maxLength: 500 },
  ];

  const toBody = (v: UserForm) => ({
    userId: v.userId.trim(),
    nickName: v.nickName || null,
    fullName: v.fullName || null,
    email: v.email || null,
    phone: v.phone || null,
    address: v.address || null,
    status: v.status,
    // The default role goes first; the server takes the first as the login role.
    roleId: v.roleId ?? v.roleIds[0],
    roleIds: [...new Set([v.roleId ?? v.roleIds[0], ...v.roleIds])].filter(Boolean),
    stationId: v.stationId,
    quota: v.quotaEnable ? Number(v.quotaValue ?? 0) : -1,
    remark: v.remark || null,
  });

  const resetPassword = (row: UserRow) =>
    modal.confirm({
      title: t('listPage.tip'),
      content: t('setting.user.resetConfirm'),
      okText: t('listPage.confirm'),
      cancelText: t('listPage.cancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' },
      onOk: async () => {
        // The original's answer: the reset user's row, in an array.
        const [r] = await request<{ userId: string; oneTimePassword: string }[]>('/api/user/reset', {
          userId: row.userId,
        });
        if (r) setOneTime({ userId: r.userId, oneTimePassword: r.oneTimePassword });
      },
    });

  return (
    <>
      <ListPage<UserRow>
        {...LIST}
        rowKey={(r) => r.userId}
        columns={[
          { key: 'userId', title: t('setting.user.id'), filter: { kind: 'text' }, sort: true, width: 140 },
          {
            key: 'nickName',
            title: t('setting.user.nickName'),
            filter: { kind: 'text' },
            sort: true,
            width: 120,
          },
          {
            key: 'fullName',
            title: t('setting.user.fullName'),
            filter: { kind: 'text' },
            sort: true,
            width: 150,
          },
          { key: 'email', title: t('setting.user.email'), width: 180 },
          { key: 'phone', title: t('setting.user.phone'), width: 130 },
          { key: 'address', title: t('setting.user.address'), width: 180, ellipsis: true },
          {
            key: 'status',
            title: t('setting.user.status'),
            filter: { kind: 'select', options: statusOptions },
            sort: true,
            width: 110,
            render: (v, row) => (
              <>
                <Tag color={v === true ? 'green' : 'default'}>
                  {v === true ? t('setting.user.enable') : t('setting.user.disable')}
                </Tag>
                {row.lockedUntil && (
                  <Tag color="red">{t('setting.user.locked', { time: row.lockedUntil })}</Tag>
                )}
              </>
            ),
          },
          {
            key: 'roleId',
            title: t('setting.user.roleId'),
            filter: { kind: 'select', options: roles.data ?? [] },
            sort: true,
            width: 150,
            render: (_v, row) => (row.roleIds.length ? row.roleIds : [row.roleId]).join(', '),
          },
          ...stationColumn<UserRow>(t, isAdmin, stations.data),
          {
            key: 'totalQuota',
            title: t('setting.user.totalQuota'),
            width: 140,
            render: (v) => quotaLabel(t, v),
          },
          {
            key: 'remainingQuota',
            title: t('setting.user.remainingQuota'),
            width: 160,
            render: (v, row) => (row.totalQuota < 0 ? t('setting.user.noLimit') : quotaLabel(t, v)),
          },
          ...auditColumns<UserRow>(t),
        ]}
        onAdd={() => setDialog({ mode: 'create' })}
        onDelete={(rows) =>
          writeRows(
            '/api/user/delete',
            rows.map((r) => ({ userId: r.userId })),
          )
        }
        actionsWidth={220}
        actions={(row) => (
          <>
            <EditAction onClick={() => setDialog({ mode: 'edit', row })} />
            <Button size="small" type="link" data-testid="row-reset" onClick={() => resetPassword(row)}>
              {t('setting.user.resetPassword')}
            </Button>
          </>
        )}
      />
      <FormDialog<UserForm>
        open={dialog !== null}
        mode={dialog?.mode ?? 'create'}
        title={dialog?.mode === 'edit' ? t('setting.user.edit') : t('setting.user.add')}
        fields={fields}
        initialValues={
          dialog?.row
            ? {
                ...dialog.row,
                status: dialog.row.status,
                nickName: dialog.row.nickName ?? undefined,
                fullName: dialog.row.fullName ?? undefined,
                email: dialog.row.email ?? undefined,
                phone: dialog.row.phone ?? undefined,
                address: dialog.row.address ?? undefined,
                remark: dialog.row.remark ?? undefined,
                roleIds: dialog.row.roleIds.length ? dialog.row.roleIds : [dialog.row.roleId],
                quotaEnable: dialog.row.totalQuota >= 0,
                quotaValue: dialog.row.totalQuota >= 0 ? dialog.row.totalQuota : null,
              }
            : { status: true, stationId: ownStation, quotaEnable: false, roleIds: [] }
        }
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          if (dialog?.mode === 'edit') {
            await writeRows('/api/user/update', [toBody(v)]);
          } else {
            const [created] = await writeRows<OneTime>('/api/user/create', [toBody(v)]);
            if (created?.oneTimePassword || created?.oneTimeAuthorizationPassword) setOneTime(created);
          }
          await refresh();
        }}
      />
      <Modal
        open={oneTime !== null}
        title={t('setting.user.oneTimeTitle')}
        onOk={() => setOneTime(null)}
        onCancel={() => setOneTime(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okButtonProps={{ 'data-testid': 'one-time-close' }}
        okText={t('listPage.close')}
        maskClosable={false}
        destroyOnHidden
      >
        <div data-testid="one-time-passwords">
          <Typography.Paragraph type="warning">{t('setting.user.oneTimeHint')}</Typography.Paragraph>
          <Typography.Paragraph>
            {t('setting.user.id')}: <b>{oneTime?.userId}</b>
          </Typography.Paragraph>
          {oneTime?.oneTimePassword && (
            <Typography.Paragraph>
              {t('setting.user.loginPassword')}:{' '}
              <Typography.Text code copyable data-testid="one-time-password">
                {oneTime.oneTimePassword}
              </Typography.Text>
            </Typography.Paragraph>
          )}
          {oneTime?.oneTimeAuthorizationPassword && (
            <Typography.Paragraph>
              {t('setting.user.authorizationPassword')}:{' '}
              <Typography.Text code copyable data-testid="one-time-authorization-password">
                {oneTime.oneTimeAuthorizationPassword}
              </Typography.Text>
            </Typography.Paragraph>
          )}
        </div>
      </Modal>
    </>
  );
}
