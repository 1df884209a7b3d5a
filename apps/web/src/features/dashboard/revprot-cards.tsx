import { Card, Col, Empty, Progress, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpenCaseCount, useTransformerLosses } from './api';
import './locales';

const DAY = 'YYYY-MM-DD';
const BALANCE_PAGE = '/revenue-protection/transformer-balance';
const CASE_PAGE = '/revenue-protection/case';

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
    <Card
      title={t('dashboard.revprot.losses')}
      extra={<Link to={BALANCE_PAGE}>{t('dashboard.more')}</Link>}
      loading={losses.isLoading}
      data-testid="dashboard-losses"
      style={{ height: '100%' }}
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
    </Card>
  );
}

/** Cases not closed yet in the user's station, linked to the case list. */
function OpenCasesCard() {
  const { t } = useTranslation();
  const open = useOpenCaseCount();
  return (
    <Card
      title={t('dashboard.revprot.openCases')}
      extra={<Link to={CASE_PAGE}>{t('dashboard.more')}</Link>}
      loading={open.isLoading}
      data-testid="dashboard-open-cases"
      style={{ height: '100%' }}
    >
      <Link to={CASE_PAGE}>
        <Statistic value={open.data ?? 0} suffix={t('dashboard.revprot.cases')} />
      </Link>
    </Card>
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
