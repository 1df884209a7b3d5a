import { Card, Col, Empty, Progress, Statistic } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpenCaseCount, useTransformerLosses } from './api';
import './locales';

const DAY = 'YYYY-MM-DD';
const BALANCE_PAGE = '/revenue-protection/transformer-balance';
const CASE_PAGE = '/revenue-protection/case';

/** A card titled `title` whose More link opens `page`. */
function LinkedCard(p: {
  title: string;
  page: string;
  loading: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      title={p.title}
      extra={<Link to={p.page}>{t('dashboard.more')}</Link>}
      loading={p.loading}
      data-testid={p.testId}
      style={{ height: '100%' }}
    >
      {p.children}
    </Card>
  );
}

/** The five transformers losing most over the last 30 days, each linked to its balance report. */
function LossCard() {
  const { t } = useTranslation();
  const days: [string, string] = [
    dayjs().subtract(30, 'day').format(DAY),
    dayjs().subtract(1, 'day').format(DAY),
  ];
  const losses = useTransformerLosses(days);
  const top = (losses.data?.transformers ?? []).filter((x) => x.lossPercent !== null).slice(0, 5);
  return (
    <LinkedCard
      title={t('dashboard.revprot.losses')}
      page={BALANCE_PAGE}
      loading={losses.isLoading}
      testId="dashboard-losses"
    >
      {top.length === 0 ? (
        <Empty description={t('dashboard.noData')} />
      ) : (
        top.map((x) => (
          <div key={x.transformerId} style={{ marginBottom: 8 }}>
            <Link to={BALANCE_PAGE} title={x.transformerName ?? x.transformerId}>
              {x.transformerId}
            </Link>
            <Progress
              percent={Math.max(0, Math.min(100, x.lossPercent ?? 0))}
              format={() => `${x.lossPercent} %`}
              status={(x.lossPercent ?? 0) > 10 ? 'exception' : 'normal'}
              size="small"
            />
          </div>
        ))
      )}
    </LinkedCard>
  );
}

/** Cases not closed yet in the user's station, linked to the case list. */
function OpenCasesCard() {
  const { t } = useTranslation();
  const open = useOpenCaseCount();
  return (
    <LinkedCard
      title={t('dashboard.revprot.openCases')}
      page={CASE_PAGE}
      loading={open.isLoading}
      testId="dashboard-open-cases"
    >
      <Link to={CASE_PAGE}>
        <Statistic value={open.data ?? 0} suffix={t('dashboard.revprot.cases')} />
      </Link>
    </LinkedCard>
  );
}

/** Revenue protection on the home page, each card only for users who may open its report. */
export function RevprotCards({ reachable }: { reachable: (path: string) => boolean }) {
  return (
    <>
      {reachable(BALANCE_PAGE) && (
        <Col xs={24} lg={12}>
          <LossCard />
        </Col>
      )}
      {reachable(CASE_PAGE) && (
        <Col xs={24} lg={12}>
          <OpenCasesCard />
        </Col>
      )}
    </>
  );
}
