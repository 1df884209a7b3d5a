import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshList } from '../../components/list-page/list-page';
import { openCases } from './api';
import './locales';

const CASE_RESOURCE = 'revprot-case';

interface OpenForm {
  meterId: string;
  reason?: string;
  assignedTo?: string;
}

/**
 * Opens a case on a meter: by hand, or from a suspect (meter and evidence filled in, source "suspect").
 * Calls `onOpened` with the new case's id.
 */
export function OpenCaseDialog(props: {
  open: boolean;
  onClose: () => void;
  onOpened?: (caseId: number) => void;
  suspect?: { meterId: string; reason: string };
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OpenForm>();
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshList(CASE_RESOURCE);
  const submit = async (v: OpenForm) => {
    setBusy(true);
    try {
      const [made] = await openCases([
        {
          meterId: v.meterId.trim(),
          source: props.suspect ? 'suspect' : 'manual',
          reason: v.reason?.trim() || null,
          assignedTo: v.assignedTo?.trim() || null,
        },
      ]);
      await refresh();
      form.resetFields();
      props.onClose();
      if (made) props.onOpened?.(made.caseId);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={t('revprot.case.openTitle')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('revprot.case.open')}
      okButtonProps={{ loading: busy, 'data-testid': 'case-open-submit' }}
      destroyOnHidden
      width={520}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <Form<OpenForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={props.suspect ? { meterId: props.suspect.meterId, reason: props.suspect.reason } : {}}
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        <Form.Item
          name="meterId"
          label={t('revprot.case.meterId')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={64} data-testid="case-open-meter" disabled={Boolean(props.suspect)} />
        </Form.Item>
        <Form.Item name="reason" label={t('revprot.case.reason')}>
          <Input.TextArea maxLength={2000} rows={3} data-testid="case-open-reason" />
        </Form.Item>
        <Form.Item name="assignedTo" label={t('revprot.case.assignedTo')}>
          <Input maxLength={64} data-testid="case-open-assignee" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
