import { USER_API, type UserRow } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { App, Button, Col, Form, InputNumber, Select, Switch, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditColumns, stationColumn, textColumn } from '../../components/list-page/common-columns';
import {
  crudPrefetch,
  crudTable,
  keyField,
  remarkField,
  useCrudPage,
} from '../../components/list-page/crud-page';
import { EditAction } from '../../components/list-page/edit-action';
import { type FieldDef, FormDialog } from '../../components/list-page/form-dialog';
import { type ListColumn, ListPage } from '../../components/list-page/list-page';
import { useIsSystemAdmin, useOwnStationId, useStations } from '../../components/list-page/lookups';
import { ShownOnceDialog } from '../../components/shown-once-dialog';
import { readRoles, resetPassword } from './api';
import './locales';

const USERS = crudTable('setting', 'user', USER_API, 'userId');
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = crudPrefetch(USERS);

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

type RoleOption = { value: string; label: string };

/** The roles a user can hold, as select options. */
function useRoleOptions() {
  return useQuery({
    queryKey: ['lookup', 'role'],
    queryFn: readRoles,
    select: (p) => p.data.map((r): RoleOption => ({ value: r.roleId, label: `${r.roleId} — ${r.name}` })),
  });
}

const statusOptions = (t: TFunction) => [
  { value: true, label: t('setting.user.enable') },
  { value: false, label: t('setting.user.disable') },
];

/** Roles: the default role stays one of the chosen ones (the first, unless already chosen). */
function RoleIdsField({ form, roles }: { form: FormInstance; roles: RoleOption[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="roleIds"
      label={t('setting.user.roles')}
      rules={[{ required: true, message: t('validation.required') }]}
    >
      <Select
        data-testid="field-roleIds"
        mode="multiple"
        options={roles}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(ids: string[]) => {
          // Keep the default role one of the chosen roles (the first, unless already chosen).
          const current = form.getFieldValue('roleId') as string | undefined;
          if (!current || !ids.includes(current)) form.setFieldValue('roleId', ids[0]);
        }}
      />
    </Form.Item>
  );
}

/** The login role, picked among the chosen roles. */
function DefaultRoleField({ form, roles }: { form: FormInstance; roles: RoleOption[] }) {
  const { t } = useTranslation();
  return (
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
            <Select data-testid="field-roleId" options={roles.filter((o) => chosen.includes(o.value))} />
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}

/** A vending quota in kWh, or no limit. */
function QuotaField() {
  const { t } = useTranslation();
  return (
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
  );
}

function userFields(
  t: TFunction,
  roles: RoleOption[],
  stationOptions: { value: string; label: string }[],
): FieldDef[] {
  return [
    keyField('userId', t('setting.user.id')),
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
      options: statusOptions(t),
    },
    {
      name: 'stationId',
      label: t('setting.user.stationId'),
      kind: 'select',
      required: true,
      options: stationOptions,
    },
    {
      name: 'roleIds',
      label: t('setting.user.roles'),
      kind: 'custom',
      render: (form) => <RoleIdsField form={form} roles={roles} />,
    },
    {
      name: 'roleId',
      label: t('setting.user.defaultRole'),
      kind: 'custom',
      render: (form) => <DefaultRoleField form={form} roles={roles} />,
    },
    {
      name: 'quota',
      label: t('setting.user.quotaEnable'),
      kind: 'custom',
      wide: true,
      render: () => <QuotaField />,
    },
    remarkField(t),
  ];
}

function userColumns(
  t: TFunction,
  isAdmin: boolean,
  roles: RoleOption[],
  stations: { value: string; label: string }[] | undefined,
): ListColumn<UserRow>[] {
  return [
    textColumn('userId', t('setting.user.id'), 140),
    textColumn('nickName', t('setting.user.nickName'), 120, { optional: true }),
    textColumn('fullName', t('setting.user.fullName'), 150),
    { key: 'email', title: t('setting.user.email'), width: 180, optional: true },
    { key: 'phone', title: t('setting.user.phone'), width: 130, optional: true },
    { key: 'address', title: t('setting.user.address'), width: 180, ellipsis: true, optional: true },
    {
      key: 'status',
      title: t('setting.user.status'),
      filter: { kind: 'select', options: statusOptions(t) },
      sort: true,
      width: 110,
      render: (v, row) => (
        <>
          <Tag color={v === true ? 'green' : 'default'}>
            {v === true ? t('setting.user.enable') : t('setting.user.disable')}
          </Tag>
          {row.lockedUntil && <Tag color="red">{t('setting.user.locked', { time: row.lockedUntil })}</Tag>}
        </>
      ),
    },
    {
      key: 'roleId',
      title: t('setting.user.roleId'),
      filter: { kind: 'select', options: roles },
      sort: true,
      width: 150,
      render: (_v, row) => (row.roleIds.length ? row.roleIds : [row.roleId]).join(', '),
    },
    ...stationColumn<UserRow>(t, isAdmin, stations),
    {
      key: 'totalQuota',
      title: t('setting.user.totalQuota'),
      width: 140,
      optional: true,
      render: (v) => quotaLabel(t, v),
    },
    {
      key: 'remainingQuota',
      title: t('setting.user.remainingQuota'),
      width: 160,
      render: (v, row) => (row.totalQuota < 0 ? t('setting.user.noLimit') : quotaLabel(t, v)),
    },
    ...auditColumns<UserRow>(t).map((c) => ({ ...c, optional: true })),
  ];
}

function toBody(v: UserForm) {
  // The default role goes first; the server takes the first as the login role.
  const roleIds = [...new Set([v.roleId ?? v.roleIds[0], ...v.roleIds])].filter((r): r is string =>
    Boolean(r),
  );
  return {
    userId: v.userId.trim(),
    nickName: v.nickName || null,
    fullName: v.fullName || null,
    email: v.email || null,
    phone: v.phone || null,
    address: v.address || null,
    status: v.status,
    // The form requires a role: the empty id only reaches the server if that check is bypassed.
    roleId: roleIds[0] ?? '',
    roleIds,
    stationId: v.stationId,
    quota: v.quotaEnable ? Number(v.quotaValue ?? 0) : -1,
    remark: v.remark || null,
  };
}

/** The form's values for a row (edit) or a new user (create). */
function initialValuesOf(row: UserRow | undefined, ownStation: string | undefined): Partial<UserForm> {
  return row
    ? {
        ...row,
        status: row.status,
        nickName: row.nickName ?? undefined,
        fullName: row.fullName ?? undefined,
        email: row.email ?? undefined,
        phone: row.phone ?? undefined,
        address: row.address ?? undefined,
        remark: row.remark ?? undefined,
        roleIds: row.roleIds.length ? row.roleIds : [row.roleId],
        quotaEnable: row.totalQuota >= 0,
        quotaValue: row.totalQuota >= 0 ? row.totalQuota : null,
      }
    : { status: true, stationId: ownStation, quotaEnable: false, roleIds: [] };
}

/** Asks, resets the user's password and shows the new one. */
function useResetPassword(setOneTime: (o: OneTime) => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (row: UserRow) =>
    modal.confirm({
      title: t('listPage.tip'),
      content: t('setting.user.resetConfirm'),
      okText: t('listPage.confirm'),
      cancelText: t('listPage.cancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' },
      onOk: async () => {
        // The original's answer: the reset user's row, in an array.
        const [r] = await resetPassword(row.userId);
        if (r) setOneTime({ userId: r.userId, oneTimePassword: r.oneTimePassword });
      },
    });
}

/** The passwords a new or reset user gets, each shown when the server chose it. */
const ONE_TIME_PASSWORDS = [
  { field: 'oneTimePassword', label: 'loginPassword', testId: 'one-time-password' },
  {
    field: 'oneTimeAuthorizationPassword',
    label: 'authorizationPassword',
    testId: 'one-time-authorization-password',
  },
] as const;

/** Passwords the server chose, shown once. */
function OneTimeDialog({ oneTime, onClose }: { oneTime: OneTime | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      title={t('setting.user.oneTimeTitle')}
      hint={t('setting.user.oneTimeHint')}
      holderLabel={t('setting.user.id')}
      shown={
        oneTime && {
          holder: oneTime.userId,
          secrets: ONE_TIME_PASSWORDS.map(({ field, label, testId }) => ({
            label: t(`setting.user.${label}`),
            value: oneTime[field],
            testId,
          })),
        }
      }
      testId="one-time-passwords"
      closeTestId="one-time-close"
      onClose={onClose}
    />
  );
}

export default function UserPage() {
  const { t } = useTranslation();
  const isAdmin = useIsSystemAdmin();
  const ownStation = useOwnStationId();
  const stations = useStations();
  const roles = useRoleOptions();
  const crud = useCrudPage(USERS);
  const { dialog, setDialog } = crud;
  const [oneTime, setOneTime] = useState<OneTime | null>(null);
  const resetPassword = useResetPassword(setOneTime);
  const stationOptions = stations.data ?? (ownStation ? [{ value: ownStation, label: ownStation }] : []);

  return (
    <>
      <ListPage<UserRow>
        {...crud.listProps}
        rowKey={crud.rowKey}
        columns={userColumns(t, isAdmin, roles.data ?? [], stations.data)}
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
        {...crud.dialogProps}
        fields={userFields(t, roles.data ?? [], stationOptions)}
        initialValues={initialValuesOf(dialog?.row, ownStation)}
        onSubmit={async (v) => {
          // A new user's first passwords are shown once.
          const [created] = await crud.save(toBody(v));
          if (created && 'oneTimePassword' in created && dialog?.mode !== 'edit')
            if (created.oneTimePassword || created.oneTimeAuthorizationPassword) setOneTime(created);
        }}
      />
      <OneTimeDialog oneTime={oneTime} onClose={() => setOneTime(null)} />
    </>
  );
}
