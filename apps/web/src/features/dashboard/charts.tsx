import { RightOutlined } from '@ant-design/icons';
import { Card, Empty, Radio } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chart, type ChartOption } from '../../components/chart/chart';
import { useBasicInformation } from '../../components/vending/vending';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { CHART, type ChartType, useLineChart } from './api';
import { NO_CURRENCY, successRateOption } from './figures';

const GRID = { left: 8, right: 16, top: 24, bottom: 8, containLabel: true } as const;

function barOption(xData: string[], yData: (number | null)[], name: string, colour: string): ChartOption {
  const lang = currentLanguage();
  const figure = (v: unknown) => formatNumber(v, undefined, lang);
  return {
    tooltip: { trigger: 'axis', valueFormatter: figure },
    grid: GRID,
    xAxis: { type: 'category', data: xData, axisLabel: { formatter: (v: string) => v.slice(5) } },
    yAxis: { type: 'value', axisLabel: { formatter: figure } },
    series: [{ type: 'bar', name, data: yData, itemStyle: { color: colour } }],
  };
}

/** Types 0–3: the purchase bar chart the panel cards switch. */
export function PurchaseChart({ type }: { type: ChartType }) {
  const { t } = useTranslation();
  const q = useLineChart(type, 30);
  const currency = useBasicInformation().data?.currency ?? NO_CURRENCY;
  const title = t(`dashboard.chart.${type}`, { currency });
  const option = useMemo(
    () => barOption(q.data?.xData ?? [], q.data?.yData ?? [], title, '#3888fa'),
    [q.data, title],
  );
  return (
    <Card size="small" title={title} data-testid="dashboard-purchase" data-type={q.isSuccess ? type : ''}>
      <Chart option={option} label={title} height={300} testId="chart-purchase" loading={q.isFetching} />
    </Card>
  );
}

/** Type 6: share of finished remote tasks that succeeded, per hour over 48 hours. */
export function SuccessRateChart() {
  const { t } = useTranslation();
  const q = useLineChart(CHART.successRate, 48);
  const title = t('dashboard.chart.successRate');
  const noData = t('dashboard.noData');
  const lang = currentLanguage();
  const option = useMemo(
    () => successRateOption(q.data?.xData ?? [], q.data?.yData ?? [], title, noData, lang),
    [q.data, title, noData, lang],
  );
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      <Chart option={option} label={title} height={300} testId="chart-success-rate" loading={q.isFetching} />
    </Card>
  );
}

/** Type 7: open alarms by kind as a rose pie. */
export function AlarmChart({ canOpenList }: { canOpenList: boolean }) {
  const { t } = useTranslation();
  const q = useLineChart(CHART.alarms, 1);
  const title = t('dashboard.chart.alarms');
  const data = useMemo(
    () =>
      (q.data?.xData ?? []).map((name, i) => ({
        name: t(`dashboard.alarmKinds.${name}`, { defaultValue: name }),
        value: q.data?.yData[i] ?? 0,
      })),
    [q.data, t],
  );
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        { type: 'pie', roseType: 'radius', radius: [16, '70%'], center: ['50%', '45%'], name: title, data },
      ],
    }),
    [data, title],
  );
  const none = q.isSuccess && data.every((d) => d.value === 0);
  return (
    <Card
      size="small"
      title={title}
      style={{ height: '100%' }}
      extra={canOpenList ? <Link to="/prepay-report/alarm">{t('dashboard.allAlarms')}</Link> : null}
    >
      {none && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noAlarms')} />}
      <Chart
        option={option}
        label={title}
        height={none ? 180 : 300}
        testId="chart-alarms"
        loading={q.isFetching}
      />
    </Card>
  );
}

/** Types 4 and 5: consumption per day (30 days) or per month (12 months); "more" opens Interval Data. */
export function ConsumptionChart({ canOpenMore }: { canOpenMore: boolean }) {
  const { t } = useTranslation();
  const [monthly, setMonthly] = useState(false);
  const q = useLineChart(monthly ? CHART.monthlyConsumption : CHART.dailyConsumption, monthly ? 12 : 30);
  const title = t(monthly ? 'dashboard.chart.consumptionMonthly' : 'dashboard.chart.consumptionDaily');
  const option = useMemo(() => {
    const o = barOption(q.data?.xData ?? [], q.data?.yData ?? [], title, '#34bfa3');
    return monthly ? { ...o, xAxis: { type: 'category' as const, data: q.data?.xData ?? [] } } : o;
  }, [q.data, title, monthly]);
  return (
    <Card
      size="small"
      title={
        <span style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
          <span className="clip-label" data-testid="consumption-title">
            {title}
          </span>
          <Radio.Group
            size="small"
            value={monthly ? 'monthly' : 'daily'}
            onChange={(e) => setMonthly(e.target.value === 'monthly')}
            data-testid="consumption-period"
            options={[
              { value: 'daily', label: t('dashboard.daily') },
              { value: 'monthly', label: t('dashboard.monthly') },
            ]}
            optionType="button"
          />
        </span>
      }
      extra={
        canOpenMore ? (
          <Link to="/prepay-report/daily-data-meter" data-testid="consumption-more">
            {t('dashboard.more')} <RightOutlined />
          </Link>
        ) : null
      }
      data-testid="dashboard-consumption"
      data-type={q.isSuccess ? (monthly ? CHART.monthlyConsumption : CHART.dailyConsumption) : ''}
    >
      <Chart option={option} label={title} height={300} testId="chart-consumption" loading={q.isFetching} />
    </Card>
  );
}
