import type { CaseOutcome, CaseRow, CaseUpdateRequest } from '@prepay/contracts';
import { Button, Descriptions, Divider, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshList } from '../../components/list-page/list-page';
import { takeSteps, useCase } from './api';
import { CasePhotos } from './case-photos';
import { outcomeOptions, STATUS_COLOURS, statusOptions } from './case-words';
import './locales';

const CASE_RESOURCE = 'revprot-case';

type StepValues = { assignedTo?: string; findings?: string; outcome?: string; recoveredAmount?: string };

/** The step the case takes next, and the body that takes it. */
function nextStep(row: CaseRow): 'assign' | 'inspect' | 'close' | null {
  if (row.status === 'closed') return null;
  if (row.status === 'open') return 'assign';
  return row.status === 'assigned' ? 'inspect' : 'close';
}

function stepBody(row: CaseRow, step: 'assign' | 'inspect' | 'close', v: StepValues): CaseUpdateRequest {
  const caseId = row.caseId;
  if (step === 'assign') return { caseId, step, assignedTo: (v.assignedTo ?? '').trim() };
  if (step === 'inspect')
    return { caseId, step, findings: (v.findings ?? '').trim(), outcome: v.outcome as CaseOutcome };
  return { caseId, step, recoveredAmount: (v.recoveredAmount ?? '0').trim() || '0' };
}

/** The form of the next step: assign to an officer, record the inspection, or close with the recovered amount. */
function StepForm({ row, onDone }: { row: CaseRow; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StepValues>();
  const [busy, setBusy] = useState(false);
  const step = nextStep(row);
  if (!step) return null;
  const submit = async (v: StepValues) => {
    setBusy(true);
    try {
      await takeSteps([stepBody(row, step, v)]);
      form.resetFields();
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<StepValues>
      form={form}
      layout="vertical"
      initialValues={{ assignedTo: row.assignedTo ?? undefined, recoveredAmount: '0' }}
      onFinish={(v) => void submit(v).catch(() => undefined)}
      data-testid={`case-step-${step}`}
    >
      {step === 'assign' && (
        <Form.Item
          name="assignedTo"
          label={t('revprot.case.assignedTo')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={64} data-testid="case-assignee" />
        </Form.Item>
      )}
      {step === 'inspect' && (
        <>
          <Form.Item
            name="findings"
            label={t('revprot.case.findings')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea rows={3} maxLength={4000} data-testid="case-findings" />
          </Form.Item>
          <Form.Item name="outcome" label={t('revprot.case.outcome')} rules={[{ required: true }]}>
            <Select options={outcomeOptions(t)} data-testid="case-outcome" />
          </Form.Item>
        </>
      )}
      {step === 'close' && (
        <Form.Item
          name="recoveredAmount"
          label={t('revprot.case.recoveredAmount')}
          extra={t('revprot.case.recoveredHint')}
          rules={[
            { required: true, pattern: /^\d{1,13}(\.\d{1,2})?$/, message: t('revprot.case.amountInvalid') },
          ]}
        >
          <Input inputMode="decimal" data-testid="case-recovered" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="case-step-submit">
        {t(`revprot.case.${step}`)}
      </Button>
    </Form>
  );
}

/** A case in full: what raised it, where it stands, its photos, and its next step. */
export function CaseDialog({ caseId, onClose }: { caseId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useCase(caseId);
  const refreshList = useRefreshList(CASE_RESOURCE);
  const row = query.data;
  const changed = () => {
    void query.refetch();
    void refreshList();
  };
  const status = statusOptions(t).find((s) => s.value === row?.status);
  const outcome = outcomeOptions(t).find((o) => o.value === row?.outcome);
  return (
    <Modal
      open={caseId !== null}
      title={t('revprot.case.detail', { id: caseId ?? '' })}
      onCancel={onClose}
      footer={null}
      width={720}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
      destroyOnHidden
    >
      {row && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="case-detail">
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label={t('revprot.case.status')}>
              <Tag color={STATUS_COLOURS[row.status]} data-testid="case-status">
                {status?.label}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('revprot.case.meterId')}>{row.meterId}</Descriptions.Item>
            <Descriptions.Item label={t('revprot.case.customer')}>
              {row.customerName ?? row.customerId ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('revprot.transformer.id')}>
              {row.transformerId ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('revprot.case.assignedTo')}>
              {row.assignedTo ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('revprot.case.outcome')}>{outcome?.label ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('revprot.case.reason')} span={2}>
              <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{row.reason ?? '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('revprot.case.findings')} span={2}>
              <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{row.findings ?? '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('revprot.case.recoveredAmount')}>
              <span data-testid="case-recovered-amount">{row.recoveredAmount}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('revprot.case.closedDate')}>
              {row.closedDate ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          <Divider style={{ margin: '8px 0' }}>{t('revprot.case.photos')}</Divider>
          <CasePhotos row={row} onChanged={changed} />
          <Divider style={{ margin: '8px 0' }} />
          <StepForm key={row.status} row={row} onDone={changed} />
        </Space>
      )}
    </Modal>
  );
}
