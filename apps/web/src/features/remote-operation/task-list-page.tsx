import type { RemoteTaskRow, TaskAttemptRow, TaskKind, TransparentTaskRow } from '@prepay/contracts';
import { TASK_ATTEMPTS_PATH } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Modal, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditColumns, stationColumn } from '../../components/list-page/common-columns';
import { type ListColumn, ListPage, useRefreshList } from '../../components/list-page/list-page';
import { useIsSystemAdmin, useStations } from '../../components/list-page/lookups';
import { currentLanguage } from '../../lib/i18n';
import { request } from '../../lib/request';
import { pathsOf, STATUS } from './task-kinds';
import './locales';

type Row = RemoteTaskRow & Partial<TransparentTaskRow>;

const Hex = ({ value }: { value: string | null | undefined }) =>
  value ? (
    <Typography.Text code copyable style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
      {value}
    </Typography.Text>
  ) : null;

/** Every attempt of a task: frames in hex, decoded value, outcome. */
function AttemptsDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const attempts = useQuery({
    queryKey: ['task-attempts', id],
    queryFn: () => request<TaskAttemptRow[]>(TASK_ATTEMPTS_PATH, { id }),
  });
  return (
    <Modal
      open
      title={t('remote.attemptTitle', { id })}
      onCancel={onClose}
      footer={null}
      data-testid="attempts-dialog"
      width={720}
    >
      {(attempts.data ?? []).map((a) => (
        <Descriptions
          key={a.attempt}
          size="small"
          bordered
          column={1}
          style={{ marginBottom: 12 }}
          data-testid="attempt"
          items={[
            { key: 'n', label: t('remote.attempt'), children: a.attempt },
            {
              key: 'o',
              label: t('remote.outcome'),
              children: (
                <Tag color={a.outcome === 'success' ? 'success' : 'error'} data-testid="attempt-outcome">
                  {t(`remote.outcomes.${a.outcome ?? 'no-reply'}`)}
                </Tag>
              ),
            },
            { key: 'd', label: t('remote.reason'), children: a.detail },
            { key: 's', label: t('remote.sendFrame'), children: <Hex value={a.sendFrame} /> },
            { key: 'r', label: t('remote.receiveFrame'), children: <Hex value={a.receiveFrame} /> },
            { key: 'v', label: t('remote.decoded'), children: a.value },
            { key: 't', label: t('remote.transport'), children: a.transport },
            { key: 'b', label: t('remote.start'), children: a.startDate },
            { key: 'e', label: t('remote.end'), children: a.endDate },
          ]}
        />
      ))}
    </Modal>
  );
}

/**
 * Remote Operation Task → the five task lists (original §16.8): filters, status, data item, data value,
 * create and update time, Export, Resend and each attempt's detail. Re-reads on its own while tasks run.
 */
export function TaskListPage({ kind }: { kind: TaskKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isAdmin = useIsSystemAdmin();
  const stations = useStations();
  const [detail, setDetail] = useState<number | null>(null);
  const resource = `remote-${kind}-tasks`;
  const refresh = useRefreshList(resource);
  const paths = pathsOf(kind);
  const lang = currentLanguage();
  const extraBody = useMemo(() => ({ lang }), [lang]);
  const statusOptions = [0, 3, 1, 2].map((value) => ({ value, label: t(STATUS[value]?.key ?? '') }));

  const valueColumns: ListColumn<Row>[] =
    kind === 'transparent'
      ? [
          {
            key: 'sendFrame',
            title: t('remote.sendFrame'),
            width: 260,
            render: (v) => <Hex value={v as string} />,
          },
          {
            key: 'receiveFrame',
            title: t('remote.receiveFrame'),
            width: 260,
            render: (v) => <Hex value={v as string} />,
          },
        ]
      : [
          { key: 'name', title: t('remote.dataItem'), filter: { kind: 'text' }, sort: true, width: 150 },
          {
            key: 'data',
            title: kind === 'token' ? t('remote.token') : t('remote.dataValue'),
            width: 200,
            render: (_v, r) => (
              <span data-testid="task-data">
                {r.dataPrefix && r.data !== null ? `${r.dataPrefix}: ` : ''}
                {r.data ?? ''}
              </span>
            ),
          },
        ];
  const columns: ListColumn<Row>[] = [
    { key: 'id', title: 'Id', sort: true, width: 80 },
    { key: 'customerId', title: t('remote.customerId'), filter: { kind: 'text' }, sort: true, width: 130 },
    {
      key: 'customerName',
      title: t('remote.customerName'),
      filter: { kind: 'text' },
      sort: true,
      width: 150,
    },
    { key: 'meterId', title: t('remote.meterId'), filter: { kind: 'text' }, sort: true, width: 130 },
    ...valueColumns,
    {
      key: 'status',
      title: t('remote.status'),
      filter: { kind: 'select', options: statusOptions },
      sort: true,
      width: 110,
      render: (v) => (
        <Tag color={STATUS[Number(v)]?.color} data-testid="task-status">
          {t(STATUS[Number(v)]?.key ?? '')}
        </Tag>
      ),
    },
    { key: 'reason', title: t('remote.reason'), ellipsis: true, width: 180 },
    { key: 'attempts', title: t('remote.attempts'), width: 90 },
    ...auditColumns<Row>(t),
    ...stationColumn<Row>(t, isAdmin, stations.data),
  ];

  const resend = async (row: Row) => {
    await request(paths.update, [{ id: row.id }]);
    void message.success(t('remote.resendSucceeded'));
    await refresh();
  };

  return (
    <>
      <ListPage<Row>
        resource={resource}
        readPath={paths.get}
        rowKey={(r) => String(r.id)}
        columns={columns}
        extraBody={extraBody}
        exportModule={`RemoteMeterTask/${kind}`}
        exportFileName={`${kind}-tasks`}
        refetchInterval={(page) => (page?.data.some((r) => r.status === 0 || r.status === 3) ? 1500 : false)}
        actionsWidth={150}
        actions={(row) => (
          <>
            {(row.status === 1 || row.status === 2) && (
              <Button size="small" type="link" data-testid="task-resend" onClick={() => void resend(row)}>
                {t('remote.resend')}
              </Button>
            )}
            <Button size="small" type="link" data-testid="task-detail" onClick={() => setDetail(row.id)}>
              {t('remote.detail')}
            </Button>
          </>
        )}
      />
      {detail !== null && <AttemptsDialog id={detail} onClose={() => setDetail(null)} />}
    </>
  );
}
