import { COLLECTION_PATHS, RECOLLECT_PERMISSION, type RecollectResult } from '@prepay/contracts';
import { App, Button, DatePicker, Form, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/request';
import { sessionStore } from '../../lib/session';

/** Re-collect is a role-only key: the action shows only when the role content lists it. */
export function useCanRecollect(): boolean {
  return sessionStore.use((s) =>
    (s.info?.roleContent ?? '')
      .split(',')
      .map((k) => k.trim())
      .includes(RECOLLECT_PERMISSION),
  );
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
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const res = await request<RecollectResult>(COLLECTION_PATHS.recollect, {
        meterId,
        startDate: v.range[0].format('YYYY-MM-DD'),
        endDate: v.range[1].format('YYYY-MM-DD'),
        kind: v.kind,
      });
      void message.success(t('amr.recollectQueued', { count: res.queued }));
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('amr.recollectTitle', { meterId })}
      onCancel={onClose}
      width="min(520px, 96vw)"
      data-testid="recollect-dialog"
      footer={[
        <Button key="c" onClick={onClose}>
          {t('amr.recollectCancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={busy}
          data-testid="recollect-submit"
          onClick={() => void submit()}
        >
          {t('amr.recollect')}
        </Button>,
      ]}
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
    </Modal>
  );
}
