import { RECOLLECT_PERMISSION } from '@prepay/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '../../components/action-modal/action-modal';
import { useHasPermission } from '../../lib/session';
import { recollect as recollectDays } from './api';

/** Re-collect is a role-only key: the action shows only when the role content lists it. */
export function useCanRecollect(): boolean {
  return useHasPermission(RECOLLECT_PERMISSION);
}

interface Values {
  range: [Dayjs, Dayjs];
  kind: 'daily' | 'monthly';
}

/** Asks the collection to read a meter's days (or months) again; the rows follow within minutes. */
export function RecollectDialog({
  meterId,
  day,
  onClose,
}: {
  meterId: string;
  day: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const recollect = useMutation({
    mutationFn: (v: Values) =>
      recollectDays({
        meterId,
        startDate: v.range[0].format('YYYY-MM-DD'),
        endDate: v.range[1].format('YYYY-MM-DD'),
        kind: v.kind,
      }),
    onSuccess: (res) => {
      void message.success(t('amr.recollectQueued', { count: res.queued }));
      onClose();
    },
  });
  const submit = async () => recollect.mutate(await form.validateFields());
  return (
    <ActionModal
      title={t('amr.recollectTitle', { meterId })}
      testId="recollect-dialog"
      onClose={onClose}
      width="min(520px, 96vw)"
      cancelLabel={t('amr.recollectCancel')}
      action={{
        label: t('amr.recollect'),
        testId: 'recollect-submit',
        busy: recollect.isPending,
        onClick: () => void submit(),
      }}
    >
      <Typography.Paragraph type="secondary">{t('amr.recollectHint')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ range: [dayjs(day), dayjs(day)], kind: 'daily' }}
      >
        <Form.Item
          name="range"
          label={t('amr.recollectRange')}
          rules={[{ required: true, message: t('amr.recollectRangeRequired') }]}
        >
          <DatePicker.RangePicker
            data-testid="recollect-range"
            style={{ width: '100%' }}
            disabledDate={(d) => !d.isBefore(dayjs(), 'day')}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('amr.recollectKind')}>
          <Select
            data-testid="recollect-kind"
            options={[
              { value: 'daily', label: t('amr.recollectDaily') },
              { value: 'monthly', label: t('amr.recollectMonthly') },
            ]}
          />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}

/**
 * The Re-collect row action of a daily grid and the dialog it opens. `allowed` is false for roles
 * without the key: the page then shows no action at all.
 */
export function useRecollect() {
  const { t } = useTranslation();
  const allowed = useCanRecollect();
  const [row, setRow] = useState<{ meterId: string; currentDate: string } | null>(null);
  const action = (r: { meterId: string; currentDate: string }) => (
    <Button size="small" type="link" data-testid="recollect-action" onClick={() => setRow(r)}>
      {t('amr.recollect')}
    </Button>
  );
  const dialog = row && (
    <RecollectDialog meterId={row.meterId} day={row.currentDate.slice(0, 10)} onClose={() => setRow(null)} />
  );
  return { allowed, action, dialog };
}
