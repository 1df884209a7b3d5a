import { type CaseRow, REVPROT_CASE_API } from '@prepay/contracts';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { auditColumns, optionColumn, textColumn } from '../../components/list-page/common-columns';
import { ListPage } from '../../components/list-page/list-page';
import { CaseDialog } from './case-dialog';
import { OpenCaseDialog } from './case-open-dialog';
import { outcomeOptions, STATUS_COLOURS, sourceOptions, statusOptions } from './case-words';
import './locales';

export const CASE_RESOURCE = 'revprot-case';

/** Cases: the suspected meters an officer follows from opening to inspection and closing. */
export default function CasePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { key: arrival } = useLocation();
  const asked = Number(params.get('caseId')) || null;
  // Opened from a suspect: the new case is shown at once, on each arrival (the shell keeps this page
  // alive, so a later case opened from a suspect arrives at the same page, not a new one).
  const [viewing, setViewing] = useState<number | null>(asked);
  const [arrivedAt, setArrivedAt] = useState(arrival);
  if (arrivedAt !== arrival) {
    setArrivedAt(arrival);
    if (asked) setViewing(asked);
  }
  const [opening, setOpening] = useState(false);
  const statuses = statusOptions(t);
  return (
    <>
      <ListPage<CaseRow>
        resource={CASE_RESOURCE}
        read={REVPROT_CASE_API.read}
        exportModule="revenueProtection/case"
        exportFileName="cases"
        rowKey={(r) => String(r.caseId)}
        onAdd={() => setOpening(true)}
        actionsWidth={90}
        actions={(r) => (
          <Button
            size="small"
            type="link"
            data-testid={`case-view-${r.caseId}`}
            onClick={() => setViewing(r.caseId)}
          >
            {t('revprot.case.view')}
          </Button>
        )}
        columns={[
          { key: 'caseId', title: t('revprot.case.id'), sort: true, width: 90 },
          textColumn<CaseRow>('meterId', t('revprot.case.meterId'), 140),
          { key: 'customerName', title: t('revprot.case.customer'), sort: true, width: 150, ellipsis: true },
          {
            ...optionColumn<CaseRow>('status', t('revprot.case.status'), statuses, 120),
            render: (v) => (
              <Tag color={STATUS_COLOURS[String(v)]}>{statuses.find((s) => s.value === v)?.label}</Tag>
            ),
          },
          textColumn<CaseRow>('assignedTo', t('revprot.case.assignedTo'), 130),
          optionColumn<CaseRow>('outcome', t('revprot.case.outcome'), outcomeOptions(t), 150),
          { key: 'recoveredAmount', title: t('revprot.case.recoveredAmount'), sort: true, width: 140 },
          {
            ...optionColumn<CaseRow>('source', t('revprot.case.source'), sourceOptions(t), 130),
            optional: true,
          },
          { key: 'transformerId', title: t('revprot.transformer.id'), width: 130, optional: true },
          { key: 'closedDate', title: t('revprot.case.closedDate'), sort: true, width: 170, optional: true },
          ...auditColumns<CaseRow>(t),
        ]}
      />
      <OpenCaseDialog open={opening} onClose={() => setOpening(false)} onOpened={(id) => setViewing(id)} />
      <CaseDialog caseId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
