import type { AlarmRow } from '@prepay/contracts';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acknowledgeAlarms } from './api';

/** Acknowledges the given open alarms with one remark (all or nothing on the server). */
export function AcknowledgeDialog({
  rows,
  onClose,
  onDone,
}: {
  rows: AlarmRow[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const text = remark.trim() === '' ? null : remark.trim();
      await acknowledgeAlarms(rows, text);
      void message.success(t('alarm.acknowledged_ok'));
      setRemark('');
      onDone();
    } catch {
      // The call has shown the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={rows.length > 0}
      title={t('alarm.acknowledgeTitle', { count: rows.length })}
      okText={t('alarm.acknowledge')}
      cancelText={t('listPage.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'alarm-ack-submit' }}
      onOk={submit}
      onCancel={onClose}
      width="min(480px, 96vw)"
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('alarm.ackRemark')}>
          <Input.TextArea
            data-testid="alarm-ack-remark"
            maxLength={200}
            rows={3}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
