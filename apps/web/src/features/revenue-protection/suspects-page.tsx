import { REVENUE_PROTECTION_API, type SuspectRow } from '@prepay/contracts';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHasPermission } from '../../lib/session';
import { OpenCaseDialog } from './case-open-dialog';
import { useDayRange, useNumber } from './finding-filters';
import { FindingPage, useFindingColumns } from './finding-page';
import './locales';

/** Opening a case on a suspect (for users who may): its meter and evidence go with it, then the case shows. */
function useCaseOpener(range: [string, string]) {
  const { t } = useTranslation();
  const mayOpenCase = useHasPermission('RevenueProtection.Case');
  const [suspect, setSuspect] = useState<{ meterId: string; reason: string } | null>(null);
  const navigate = useNavigate();
  const evidence = (row: SuspectRow) =>
    row.evidence.map((e) => `${t(`revprot.evidence.${e.finding}`)} +${e.points}`).join(', ');
  const reasonOf = (row: SuspectRow) =>
    `${t('revprot.finding.score')} ${row.score}: ${evidence(row)} (${range.join(' … ')})`;
  const actions = (row: SuspectRow) => (
    <Button
      size="small"
      type="link"
      data-testid={`suspect-open-case-${row.meterId}`}
      onClick={() => setSuspect({ meterId: row.meterId, reason: reasonOf(row) })}
    >
      {t('revprot.case.openCase')}
    </Button>
  );
  const dialog = (
    <OpenCaseDialog
      open={suspect !== null}
      suspect={suspect ?? undefined}
      onClose={() => setSuspect(null)}
      onOpened={(caseId) => navigate(`/revenue-protection/case?caseId=${caseId}`)}
    />
  );
  return { actions: mayOpenCase ? actions : undefined, actionsWidth: mayOpenCase ? 120 : undefined, dialog };
}

/** Suspects: meters ranked by the points of the findings that raised them, each with its evidence. */
export default function SuspectsPage() {
  const c = useFindingColumns<SuspectRow>();
  const { t, f } = c;
  const days = useDayRange(30);
  const opener = useCaseOpener(days.range);
  const minScore = useNumber('minScore', f('minScore'), null, { min: 0, max: 1000 });
  return (
    <>
      <FindingPage<SuspectRow>
        finding="suspects"
        resource="revprot-suspects"
        read={REVENUE_PROTECTION_API.suspects}
        exportFileName="suspects"
        actionsWidth={opener.actionsWidth}
        actions={opener.actions}
        body={{ days: days.range, minScore: minScore.value }}
        filters={[days.picker, minScore.input]}
        columns={[
          c.meter(130),
          ...c.figures({ score: 90 }),
          {
            key: 'evidence',
            title: f('evidence'),
            width: 380,
            render: (_v, row) => (
              <Space size={[0, 4]} wrap>
                {row.evidence.map((e) => (
                  <Tag key={e.finding} color={e.points >= 25 ? 'error' : 'warning'}>
                    {t(`revprot.evidence.${e.finding}`)} +{e.points}
                  </Tag>
                ))}
              </Space>
            ),
          },
          c.customer(130),
          c.transformer(),
          ...c.figures(
            {
              tamperDays: 130,
              tamperDropPercent: 170,
              excessEnergy: 130,
              nonpurchaseDays: 150,
              consumptionDropPercent: 170,
              transformerLossPercent: 170,
            },
            true,
          ),
          ...c.station,
        ]}
      />
      {opener.dialog}
    </>
  );
}
