import { Card, Col, Descriptions, Empty, Row, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toThousandFilter } from '../../lib/format';
import { useRouteTable } from '../../lib/route-context';
import { filterRoutes, groupTarget, visibleChildren } from '../../lib/routes';
import { sessionStore } from '../../lib/session';
import { CHART, type ChartType } from './api';
import { AlarmChart, ConsumptionChart, PurchaseChart, SuccessRateChart } from './charts';
import { PanelCards } from './panel-cards';
import { RevprotCards } from './revprot-cards';
import './locales';

/** Quota values of -1 mean the user may vend without limit. */
function quota(value: number, noLimit: string) {
  return value < 0 ? noLimit : toThousandFilter(value);
}

/**
 * The home page: the four panel cards and the purchase chart they switch,
 * the hourly success rate, open alarms, and consumption — all live from the data of the user's
 * station — then who is signed in and the pages their role grants.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const info = sessionStore.use((s) => s.info);
  const { asyncRoutes } = useRouteTable();
  const [purchaseType, setPurchaseType] = useState<ChartType>(CHART.money);
  if (!info) return null;
  const groups = filterRoutes(asyncRoutes, info.roleContent).filter((g) => visibleChildren(g).length > 0);
  const reachable = (path: string) => groups.some((g) => visibleChildren(g).some((c) => c.path === path));

  return (
    <Row gutter={[16, 16]} data-testid="dashboard">
      <Col span={24}>
        <PanelCards active={purchaseType} onPick={setPurchaseType} />
      </Col>
      <Col span={24}>
        <PurchaseChart type={purchaseType} />
      </Col>
      <Col xs={24} lg={12}>
        <SuccessRateChart />
      </Col>
      <Col xs={24} lg={12}>
        <AlarmChart canOpenList={reachable('/prepay-report/alarm')} />
      </Col>
      <Col span={24}>
        <ConsumptionChart canOpenMore={reachable('/prepay-report/daily-data-meter')} />
      </Col>
      <RevprotCards reachable={reachable} />
      <Col span={24}>
        <Card title={t('dashboard.welcome', { name: info.nickName || info.fullName || info.userName })}>
          <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
            <Descriptions.Item label={t('dashboard.userId')}>{info.userId}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.role')}>{info.roleName}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.station')}>
              {info.stationName} ({info.stationId})
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.company')}>{info.company}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.remainingQuota')}>
              {quota(info.remainingQuota, t('common.noLimit'))}
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.totalQuota')}>
              {quota(info.totalQuota, t('common.noLimit'))}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('dashboard.modules')}>
          {groups.length === 0 ? (
            <Empty description={t('dashboard.noModules')} />
          ) : (
            <Row gutter={[16, 16]}>
              {groups.map((g) => (
                <Col key={g.path} xs={24} sm={12} lg={8}>
                  <Card
                    size="small"
                    title={
                      <Link to={groupTarget(g) ?? g.path} title={t(`route.${g.title}`)}>
                        {t(`route.${g.title}`)}
                      </Link>
                    }
                  >
                    {visibleChildren(g).map((c) => (
                      // A long page name wraps inside its tag instead of pushing the card (and a
                      // 375 px screen) sideways: antd tags never wrap on their own.
                      <Tag key={c.path} style={{ marginBottom: 6, whiteSpace: 'normal', maxWidth: '100%' }}>
                        <Link to={c.path}>{t(`route.${c.title}`)}</Link>
                      </Tag>
                    ))}
                  </Card>
                </Col>
              ))}
            </Row>
          )}
        </Card>
      </Col>
    </Row>
  );
}
