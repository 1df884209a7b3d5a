import { type ConsumptionRow, PREPAY_REPORT_API } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Segmented, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { readConsumptionScope } from './api';
import { ConsumptionChart } from './consumption-chart';
import { type ConsumptionFilter, ConsumptionFilters, NO_FILTER } from './consumption-filters';
import { READ_LANG } from './report-columns';
import { ReportScopeLine } from './report-scope';
import './locales';

type View = 'data' | 'chart';
type ConsumptionFilterBody = ConsumptionFilter & { lang: string; isDaily: boolean };

/** The report's scope for its filter, shown above both views. */
function useConsumptionScope(body: ConsumptionFilterBody) {
  return useQuery({
    queryKey: ['report-consumption-scope', body],
    queryFn: () => readConsumptionScope(body),
  });
}

/** Consumption Statistics (§9, §16.9): Daily / Monthly tabs, Data / Chart views, one filter row. */
export default function ConsumptionStatisticsPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<'daily' | 'monthly'>('daily');
  const [view, setView] = useState<View>('data');
  const [filter, setFilter] = useState<ConsumptionFilter>(NO_FILTER);
  const monthly = period === 'monthly';
  const body = useMemo(() => ({ ...READ_LANG, isDaily: !monthly, ...filter }), [monthly, filter]);
  const scope = useConsumptionScope(body);

  return (
    <Card data-testid="consumption-statistics" className="consumption-statistics">
      <Tabs
        activeKey={period}
        onChange={(k) => {
          setPeriod(k === 'monthly' ? 'monthly' : 'daily');
          setFilter(NO_FILTER);
        }}
        items={[
          { key: 'daily', label: <span data-testid="tab-daily">{t('report.daily')}</span> },
          { key: 'monthly', label: <span data-testid="tab-monthly">{t('report.monthly')}</span> },
        ]}
      />
      <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 12 }}>
        {/* Remounted per tab: the date picker switches between days and months. */}
        <ConsumptionFilters key={period} monthly={monthly} onSearch={setFilter} />
        <Segmented<View>
          data-testid="consumption-view"
          value={view}
          onChange={setView}
          options={[
            { value: 'data', label: t('report.dataView') },
            { value: 'chart', label: t('report.chartView') },
          ]}
        />
      </Flex>
      <ReportScopeLine kind="consumption" scope={scope.data} />
      {view === 'data' ? (
        <ListPage<ConsumptionRow>
          resource={`report-consumption-${period}`}
          read={PREPAY_REPORT_API.consumptionStatistics}
          rowKey={(r) => r.currentDate}
          defaultSort={{ field: 'currentDate', direction: 'desc' }}
          extraBody={body}
          exportModule="PrepayReport/ConsumptionStatistics"
          exportFileName={`consumption-statistics-${period}`}
          printTitle={`${t('route.consumptionStatistics')} (${t(`report.${period}`)})`}
          columns={[
            {
              key: 'currentDate',
              title: t('report.collectionDate'),
              sort: true,
              width: 160,
              render: (v) => String(v).slice(0, monthly ? 7 : 10),
            },
            { key: 'consumption', title: t('report.consumption'), sort: true, width: 160 },
            {
              key: 'meters',
              title: monthly ? t('report.metersMonthly') : t('report.meters'),
              sort: true,
              width: 160,
              render: (v) => formatNumber(v, 0, currentLanguage()),
            },
          ]}
          testId="report-consumption"
        />
      ) : (
        <ConsumptionChart body={body} monthly={monthly} />
      )}
    </Card>
  );
}
