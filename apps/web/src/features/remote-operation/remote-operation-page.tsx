import type { AccountRow, TaskKind } from '@prepay/contracts';
import { App, Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stationColumn } from '../../components/list-page/common-columns';
import { type ListColumn, ListPage } from '../../components/list-page/list-page';
import { useIsSystemAdmin, useStations } from '../../components/list-page/lookups';
import { AddTaskDialog } from './add-task-dialog';
import './locales';

/**
 * Remote Operation → Meter Reading / Setting / Control / Token / Transparent Forwarding (original §16.7):
 * the account list with Online/Offline, search, Add Task per row and Add Batch Task over the checked rows
 * (one protocol version per batch).
 */
export function RemoteOperationPage({ kind }: { kind: TaskKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isAdmin = useIsSystemAdmin();
  const stations = useStations();
  const [target, setTarget] = useState<AccountRow[] | null>(null);
  const ways = [
    { value: 0, label: t('remote.gprs') },
    { value: 1, label: t('remote.lorawan') },
  ];
  const columns: ListColumn<AccountRow>[] = [
    {
      key: 'status',
      title: t('remote.status'),
      width: 100,
      render: (v) => (
        <Tag color={v ? 'success' : 'default'} data-testid="link-status">
          {v ? t('remote.online') : t('remote.offline')}
        </Tag>
      ),
    },
    { key: 'customerId', title: t('remote.customerId'), filter: { kind: 'text' }, sort: true, width: 130 },
    {
      key: 'customerName',
      title: t('remote.customerName'),
      filter: { kind: 'text' },
      sort: true,
      width: 160,
    },
    { key: 'meterId', title: t('remote.meterId'), filter: { kind: 'text' }, sort: true, width: 140 },
    {
      key: 'protocolVersion',
      title: t('remote.protocolVersion'),
      filter: { kind: 'text' },
      sort: true,
      width: 130,
    },
    {
      key: 'communicationWay',
      title: t('remote.communicationWay'),
      filter: { kind: 'select', options: ways },
      sort: true,
      width: 150,
      render: (v) => ways.find((w) => w.value === v)?.label ?? String(v),
    },
    { key: 'remark', title: t('remote.remark'), ellipsis: true, width: 140 },
    ...stationColumn<AccountRow>(t, isAdmin, stations.data),
  ];
  const batch = (rows: AccountRow[]) => {
    if (rows.length === 0) return void message.warning(t('remote.selectRows'));
    if (new Set(rows.map((r) => r.protocolVersion ?? '')).size > 1)
      return void message.warning(t('remote.oneVersion'));
    setTarget(rows);
  };
  return (
    <>
      <ListPage<AccountRow>
        resource={`remote-${kind}-accounts`}
        readPath="/api/account/read"
        rowKey={(r) => r.meterId}
        defaultSort={{ field: 'customerId', direction: 'asc' }}
        columns={columns}
        selectable={kind !== 'transparent'}
        toolbarExtra={
          kind === 'transparent'
            ? undefined
            : (selected: AccountRow[]) => (
                <Button type="primary" data-testid="add-batch-task" onClick={() => batch(selected)}>
                  {t('remote.addBatchTask')}
                </Button>
              )
        }
        actionsWidth={110}
        actions={(row) => (
          <Button size="small" type="link" data-testid="add-task" onClick={() => setTarget([row])}>
            {t('remote.addTask')}
          </Button>
        )}
      />
      {target && <AddTaskDialog kind={kind} rows={target} onClose={() => setTarget(null)} />}
    </>
  );
}
