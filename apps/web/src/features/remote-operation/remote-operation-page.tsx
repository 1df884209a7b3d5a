import { ACCOUNT_API, type AccountRow, type TaskKind } from '@prepay/contracts';
import { App, Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { optionColumn, stationColumn, textColumn } from '../../components/list-page/common-columns';
import { type ListColumn, ListPage } from '../../components/list-page/list-page';
import { useIsSystemAdmin, useStations } from '../../components/list-page/lookups';
import { communicationOptions } from '../../components/meter-options';
import { AddTaskDialog } from './add-task-dialog';
import './locales';

/** The accounts a task can go to, with the link state the head-end reports. */
function useAccountColumns(): ListColumn<AccountRow>[] {
  const { t } = useTranslation();
  const isAdmin = useIsSystemAdmin();
  const stations = useStations();
  return [
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
    textColumn('customerId', t('remote.customerId'), 130),
    textColumn('customerName', t('remote.customerName'), 160),
    textColumn('meterId', t('remote.meterId'), 140),
    textColumn('protocolVersion', t('remote.protocolVersion'), 130),
    optionColumn('communicationWay', t('remote.communicationWay'), communicationOptions(t, false), 150),
    { key: 'remark', title: t('remote.remark'), ellipsis: true, width: 140 },
    ...stationColumn<AccountRow>(t, isAdmin, stations.data),
  ];
}

/**
 * Remote Operation → Meter Reading / Setting / Control / Token / Transparent Forwarding (original §16.7):
 * the account list with Online/Offline, search, Add Task per row and Add Batch Task over the checked rows
 * (one protocol version per batch).
 */
export function RemoteOperationPage({ kind }: { kind: TaskKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [target, setTarget] = useState<AccountRow[] | null>(null);
  const columns = useAccountColumns();
  const batch = (rows: AccountRow[]) => {
    if (rows.length === 0) return void message.warning(t('remote.selectRows'));
    if (new Set(rows.map((r) => r.protocolVersion ?? '')).size > 1)
      return void message.warning(t('remote.oneVersion'));
    setTarget(rows);
  };
  const batchButton = (selected: AccountRow[]) => (
    <Button type="primary" data-testid="add-batch-task" onClick={() => batch(selected)}>
      {t('remote.addBatchTask')}
    </Button>
  );
  return (
    <>
      <ListPage<AccountRow>
        resource={`remote-${kind}-accounts`}
        read={ACCOUNT_API.read}
        rowKey={(r) => r.meterId}
        defaultSort={{ field: 'customerId', direction: 'asc' }}
        columns={columns}
        selectable={kind !== 'transparent'}
        toolbarExtra={kind === 'transparent' ? undefined : batchButton}
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
