import { type TaskKind, TaskStatus } from '@prepay/contracts';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, useRefreshList } from '../../components/list-page/list-page';
import { currentLanguage } from '../../lib/i18n';
import { resendTask, taskList } from './api';
import { AttemptsDialog } from './attempts-dialog';
import { type TaskRow, useTaskColumns } from './task-columns';
import { isPending } from './task-kinds';
import './locales';

const isFinished = (status: number) => status === TaskStatus.success || status === TaskStatus.failure;

/**
 * Remote Operation Task → the five task lists (original §16.8): filters, status, data item, data value,
 * create and update time, Export, Resend and each attempt's detail. Re-reads on its own while tasks run.
 */
export function TaskListPage({ kind }: { kind: TaskKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [detail, setDetail] = useState<number | null>(null);
  const resource = `remote-${kind}-tasks`;
  const refresh = useRefreshList(resource);
  const lang = currentLanguage();
  const extraBody = useMemo(() => ({ lang }), [lang]);
  const columns = useTaskColumns(kind);

  const resend = async (row: TaskRow) => {
    await resendTask(kind, row.id);
    void message.success(t('remote.resendSucceeded'));
    await refresh();
  };

  return (
    <>
      <ListPage<TaskRow>
        resource={resource}
        read={taskList(kind)}
        rowKey={(r) => String(r.id)}
        columns={columns}
        extraBody={extraBody}
        exportModule={`RemoteMeterTask/${kind}`}
        exportFileName={`${kind}-tasks`}
        refetchInterval={(page) => (page?.data.some((r) => isPending(r.status)) ? 1500 : false)}
        actionsWidth={130}
        actions={(row) => (
          <>
            {isFinished(row.status) && (
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
