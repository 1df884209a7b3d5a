import { FIRMWARE_API, type FirmwareTaskRow } from '@prepay/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Grid, Progress, Select, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeColumn, optionColumn, textColumn } from '../../components/list-page/common-columns';
import { type ListColumn, ListPage, useRefreshList } from '../../components/list-page/list-page';
import { createFirmwareTasks, uploadImage } from './api';
import { imageProblem } from './firmware-image';
import { MeterTagsField } from './meter-tags-field';
import './locales';

const RESOURCE = 'firmware-tasks';

const statusOptions = (t: TFunction) =>
  ([0, 3, 1, 2] as const).map((s) => ({ value: s, label: t(`ami.statuses.${s}`) }));

function taskColumns(t: TFunction): ListColumn<FirmwareTaskRow>[] {
  const status = optionColumn<FirmwareTaskRow>('status', t('ami.status'), statusOptions(t), 110);
  return [
    { key: 'id', title: t('ami.taskId'), sort: true, width: 90 },
    textColumn('meterId', t('ami.meterId'), 140),
    { key: 'customerName', title: t('ami.customerName'), width: 150, ellipsis: true, optional: true },
    textColumn('fileName', t('ami.fileName'), 180, { ellipsis: true }),
    { ...status, render: (v, r) => <span data-status={r.status}>{status.render?.(v, r)}</span> },
    {
      key: 'blocksDone',
      title: t('ami.progress'),
      width: 150,
      render: (_, r) => (
        <Progress
          size="small"
          percent={r.blockCount > 0 ? Math.floor((r.blocksDone * 100) / r.blockCount) : 0}
          status={r.status === 2 ? 'exception' : r.status === 1 ? 'success' : 'active'}
        />
      ),
    },
    { key: 'reason', title: t('ami.reason'), width: 180, ellipsis: true },
    { ...dateRangeColumn<FirmwareTaskRow>('createDate', t('ami.createDate')), optional: true },
  ];
}

/** Sends a .bin image (checked here first); answers the stored file name a task then names. */
function ImageUpload({ onUploaded }: { onUploaded: (fileName: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: uploadImage,
    onSuccess: (fileName) => {
      onUploaded(fileName);
      void message.success(t('ami.uploaded', { fileName }));
    },
    onError: (e) => setProblem(e instanceof Error ? e.message : String(e)),
  });
  const choose = (file: File) => {
    const bad = imageProblem(file);
    setProblem(bad ? t(bad.key, bad.values) : null);
    if (!bad) send.mutate(file);
    return Upload.LIST_IGNORE;
  };
  return (
    <Flex vertical gap={8}>
      <Upload accept=".bin" beforeUpload={choose} showUploadList={false} maxCount={1}>
        <Button data-testid="firmware-upload" loading={send.isPending}>
          {t('ami.upload')}
        </Button>
      </Upload>
      <span>{t('ami.uploadHint')}</span>
      {problem && <Alert type="error" showIcon title={problem} data-testid="firmware-problem" />}
    </Flex>
  );
}

type TaskForm = { meters: string[]; fileName: string };

function CreateTasks({ images }: { images: string[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshList(RESOURCE);
  const [form] = Form.useForm<TaskForm>();
  const screens = Grid.useBreakpoint();
  const create = useMutation({
    mutationFn: (v: TaskForm) => createFirmwareTasks(v.meters, v.fileName),
    onSuccess: (rows) => {
      void message.success(t('ami.created', { count: rows.length }));
      form.resetFields(['meters']);
      void refresh();
    },
  });
  return (
    <Form<TaskForm>
      form={form}
      layout={screens.md ? 'inline' : 'vertical'}
      style={{ rowGap: 8 }}
      data-testid="firmware-task-form"
      onFinish={(v) => create.mutate(v)}
      initialValues={{ meters: [], fileName: images[0] }}
    >
      <Form.Item
        name="fileName"
        label={t('ami.image')}
        rules={[{ required: true, message: t('ami.noImage') }]}
      >
        <Select
          data-testid="firmware-image"
          style={{ width: 240, maxWidth: '100%' }}
          options={images.map((f) => ({ value: f, label: f }))}
        />
      </Form.Item>
      <MeterTagsField label={t('ami.taskMeters')} testId="firmware-meters" />
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="firmware-create">
          {t('ami.createTask')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * Firmware upgrades: upload a meter image (.bin, at most 2 MB), queue one upgrade task per chosen meter,
 * and follow each task's blocks sent, state and failure reason (the list re-reads while tasks run).
 */
export default function FirmwarePage() {
  const [images, setImages] = useState<string[]>([]);
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12} data-testid="firmware-page">
      <Card size="small">
        <Flex vertical gap={12}>
          <ImageUpload onUploaded={(f) => setImages((all) => [f, ...all.filter((x) => x !== f)])} />
          <CreateTasks key={images[0] ?? ''} images={images} />
        </Flex>
      </Card>
      <ListPage<FirmwareTaskRow>
        resource={RESOURCE}
        read={FIRMWARE_API.getTask}
        rowKey={(r) => String(r.id)}
        defaultSort={{ field: 'id', direction: 'desc' }}
        columns={taskColumns(t)}
        refetchInterval={(d) => (d?.data.some((r) => r.status === 0 || r.status === 3) ? 3000 : false)}
        testId="firmware-task-list"
      />
    </Flex>
  );
}
