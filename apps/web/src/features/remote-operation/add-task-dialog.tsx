import type { AccountRow, TaskKind } from '@prepay/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionModal } from '../../components/action-modal/action-modal';
import { createTasks, type TaskLines } from './api';
import { DataItemPicker } from './data-item-picker';
import { SupplyCutFields, SWITCH_OFF_FLAG, useConfirmSupplyCut } from './supply-cut';
import { type TaskValues, taskBodies } from './task-bodies';
import { TaskMeters, TaskValueField } from './task-fields';
import { KINDS } from './task-kinds';

/** "N task(s) created" with a link to the family's task list. */
function useCreatedMessage(kind: TaskKind) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (count: number) =>
    void message.success({
      content: (
        <span data-testid="task-created">
          {t('remote.created', { count })}{' '}
          <Button
            type="link"
            size="small"
            data-testid="view-task"
            onClick={() => navigate(KINDS[kind].taskPage)}
          >
            {t('remote.viewTask')}
          </Button>
        </span>
      ),
      duration: 6,
    });
}

/** "Add Task(<page>)": read-only meters, then what the task family needs; one task per meter (× item). */
export function AddTaskDialog({
  kind,
  rows,
  onClose,
}: {
  kind: TaskKind;
  rows: AccountRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TaskValues>();
  const [checked, setChecked] = useState<string[]>([]);
  const usesTree = kind === 'reading' || kind === 'setting';
  const created = useCreatedMessage(kind);
  const cutsSupply = Form.useWatch('flag', form) === SWITCH_OFF_FLAG && kind === 'control';
  const confirmCut = useConfirmSupplyCut();
  const create = useMutation({
    mutationFn: (lines: TaskLines) => createTasks(kind, lines),
    onSuccess: (tasks) => {
      created(tasks.length);
      onClose();
    },
  });

  const submit = async () => {
    const v = await form.validateFields();
    if (usesTree && checked.length === 0) return void message.warning(t('remote.pickItem'));
    if (cutsSupply && !(await confirmCut(rows, v.remark?.trim() ?? ''))) return;
    create.mutate(taskBodies(kind, rows, checked, cutsSupply ? v : { ...v, remark: undefined }));
  };

  return (
    <ActionModal
      title={t('remote.taskTitle', { page: t(KINDS[kind].title) })}
      testId="add-task-dialog"
      onClose={onClose}
      action={{
        label: t('remote.confirm'),
        testId: 'add-task-confirm',
        busy: create.isPending,
        onClick: () => void submit(),
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ flag: 'C03D' }}>
        <TaskMeters rows={rows} />
        {usesTree && (
          <DataItemPicker
            kind={kind}
            version={rows[0]?.protocolVersion ?? ''}
            checked={checked}
            onChange={setChecked}
          />
        )}
        <TaskValueField kind={kind} />
        {cutsSupply && <SupplyCutFields rows={rows} />}
      </Form>
    </ActionModal>
  );
}
