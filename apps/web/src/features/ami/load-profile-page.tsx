import type { LoadProfileRow } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Flex, Form, Grid, Select, Switch, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/chart/chart';
import { saveBlob } from '../../lib/file-request';
import { currentLanguage } from '../../lib/i18n';
import { readCurve } from './api';
import {
  CURVES,
  type Curve,
  type ProfileLine,
  type ProfileTable,
  profileChart,
  profileTable,
  profileWorkbook,
  ROWS_PER_METER,
} from './load-profile';
import './locales';
import { MeterTagsField } from './meter-tags-field';

interface Filter {
  curve: Curve;
  meters: string[];
  range: [Dayjs, Dayjs];
  threePhase: boolean;
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Each chosen meter's readings of the range (one read per meter, as the original's reads name one). */
async function readProfiles(f: Filter) {
  const reads = await Promise.all(
    f.meters.map((meterId) =>
      readCurve(f.curve, {
        lang: currentLanguage(),
        meterId,
        currentDateRange: [f.range[0].startOf('day').format(FORMAT), f.range[1].endOf('day').format(FORMAT)],
        isThreePhase: f.threePhase ? 1 : 0,
        pageNumber: 1,
        pageSize: ROWS_PER_METER,
        orderBy: 'currentDate asc',
      }).then((page) => ({ meterId, ...page })),
    ),
  );
  const rows: LoadProfileRow[] = reads.flatMap((r) => r.data);
  const cut = reads.filter((r) => r.total > r.data.length);
  return { table: profileTable(rows), cut: cut.map((r) => ({ meterId: r.meterId, total: r.total })) };
}

/** Meters that have readings of this curve lately: the picker's suggestions (any meter id may be typed). */
function useMeterChoices(curve: Curve) {
  return useQuery({
    queryKey: ['load-profile-meters', curve],
    queryFn: async () => {
      const page = await readCurve(curve, {
        lang: currentLanguage(),
        pageNumber: 1,
        pageSize: 200,
        orderBy: 'currentDate desc',
      });
      return [...new Set(page.data.map((r) => r.meterId))].sort();
    },
  });
}

function FilterForm({ onQuery }: { onQuery: (f: Filter) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filter>();
  const screens = Grid.useBreakpoint();
  const curve = Form.useWatch('curve', form) ?? 'energyCurve';
  const choices = useMeterChoices(curve);
  return (
    <Form<Filter>
      form={form}
      layout={screens.md ? 'inline' : 'vertical'}
      data-testid="load-profile-filter"
      initialValues={{ curve: 'energyCurve', meters: [], range: [dayjs().subtract(6, 'day'), dayjs()] }}
      onFinish={onQuery}
      style={{ rowGap: 8 }}
    >
      <Form.Item name="curve" label={t('ami.curve')}>
        <Select
          data-testid="load-profile-curve"
          style={{ width: 210 }}
          options={CURVES.map((c) => ({ value: c, label: t(`ami.curves.${c}`) }))}
        />
      </Form.Item>
      <MeterTagsField
        label={t('ami.meters')}
        testId="load-profile-meters"
        options={choices.data}
        loading={choices.isFetching}
        maxCount={10}
      />
      <Form.Item
        name="range"
        label={t('ami.range')}
        rules={[{ required: true, message: t('ami.rangeRequired') }]}
      >
        <DatePicker.RangePicker data-testid="load-profile-range" allowClear={false} />
      </Form.Item>
      {curve === 'instantaneous' && (
        <Form.Item name="threePhase" label={t('ami.threePhase')} valuePropName="checked">
          <Switch data-testid="load-profile-three" />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="load-profile-query">
          {t('ami.query')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function gridColumns(t: (k: string) => string, headers: string[]): ColumnsType<ProfileLine> {
  return [
    { key: 'meterId', dataIndex: 'meterId', title: t('ami.meterId'), width: 130, fixed: 'left' },
    { key: 'customerName', dataIndex: 'customerName', title: t('ami.customerName'), width: 150 },
    { key: 'currentDate', dataIndex: 'currentDate', title: t('ami.currentDate'), width: 170 },
    ...headers.map((h, i) => ({
      key: `v${i}`,
      title: h,
      width: 140,
      render: (_: unknown, l: ProfileLine) => l.values[i] ?? '',
    })),
  ];
}

/** Saves the table as .xlsx, its titles in the user's language. */
function useDownload(table: ProfileTable | undefined, curve: Curve | undefined) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async () => {
    if (!table || !curve) return;
    const titles = {
      meterId: t('ami.meterId'),
      customerName: t('ami.customerName'),
      currentDate: t('ami.currentDate'),
    };
    const buffer = await profileWorkbook(table, titles, t(`ami.curves.${curve}`));
    saveBlob(new Blob([buffer]), `load-profile-${curve}-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`);
    void message.success(t('ami.exported', { count: table.lines.length }));
  };
}

/** The readings: a chart of the chosen value per meter (with the download) above the grid. */
function ProfileView({ table, curve, loading }: { table: ProfileTable; curve: Curve; loading: boolean }) {
  const { t } = useTranslation();
  const [column, setColumn] = useState(0);
  const option = useMemo(() => profileChart(table, column), [table, column]);
  const download = useDownload(table, curve);
  if (table.lines.length === 0) return <Alert type="info" showIcon title={t('ami.noRows')} />;
  return (
    <>
      <Card
        size="small"
        title={
          <Select
            data-testid="load-profile-column"
            value={column}
            onChange={setColumn}
            style={{ minWidth: 200, maxWidth: '100%' }}
            options={table.headers.map((h, i) => ({ value: i, label: h }))}
          />
        }
        extra={
          <Button data-testid="load-profile-export" onClick={() => void download()}>
            {t('ami.export')}
          </Button>
        }
      >
        <Chart
          option={option}
          height={280}
          label={t('ami.chartLabel', { column: table.headers[column] ?? '' })}
          testId="load-profile-chart"
        />
      </Card>
      <div data-testid="load-profile-grid">
        <Table<ProfileLine>
          size="small"
          rowKey="key"
          loading={loading}
          columns={gridColumns(t, table.headers)}
          dataSource={table.lines}
          scroll={{ x: 'max-content' }}
          pagination={{ defaultPageSize: 50, showSizeChanger: true, showTotal: (n) => `${n}` }}
        />
      </div>
    </>
  );
}

/**
 * Load profile: the chosen meters' readings of one curve (hourly energy, instantaneous values, daily or
 * monthly frozen energy) over a range of days, as a chart of one value per meter and as a grid; the grid
 * downloads as .xlsx.
 */
export default function LoadProfilePage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter | null>(null);
  const query = useQuery({
    queryKey: ['load-profile', filter],
    queryFn: () => readProfiles(filter as Filter),
    enabled: filter !== null,
  });
  return (
    <Flex vertical gap={12} data-testid="load-profile-page">
      <Card size="small">
        <FilterForm onQuery={setFilter} />
      </Card>
      {query.data?.cut.map((c) => (
        <Alert
          key={c.meterId}
          type="warning"
          showIcon
          title={t('ami.truncated', { meterId: c.meterId, total: c.total, shown: ROWS_PER_METER })}
        />
      ))}
      {query.data && filter && (
        <ProfileView
          key={JSON.stringify(filter)}
          table={query.data.table}
          curve={filter.curve}
          loading={query.isFetching}
        />
      )}
    </Flex>
  );
}
