import { DownloadOutlined, PrinterOutlined, SearchOutlined } from '@ant-design/icons';
import {
  CASH_UP_EXPORT_PATH,
  type CashUpRequest,
  type CashUpResult,
  type CashUpRow,
} from '@prepay/contracts';
import { Alert, Button, Card, DatePicker, Flex, Select, Table, Tabs } from 'antd';
import type { ColumnType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsSystemAdmin, useStations } from '../../components/list-page/lookups';
import { downloadFile } from '../../lib/file-request';
import { currentLanguage } from '../../lib/i18n';
import { openPrintView } from '../../lib/print';
import { sessionStore } from '../../lib/session';
import { useCashUp } from './api';
import './locales';

type View = 'byOperator' | 'byStation' | 'byPaymentMethod' | 'byDay';
const VIEWS: { view: View; keyTitle: string }[] = [
  { view: 'byOperator', keyTitle: 'cashUp.operator' },
  { view: 'byStation', keyTitle: 'cashUp.station' },
  { view: 'byPaymentMethod', keyTitle: 'cashUp.paymentMethod' },
  { view: 'byDay', keyTitle: 'cashUp.day' },
];
type Figure = Exclude<keyof CashUpRow, 'key'>;
const FIGURES: { key: Figure; kind: 'int' | 'units' | 'money' }[] = [
  { key: 'count', kind: 'int' },
  { key: 'units', kind: 'units' },
  { key: 'totalPaid', kind: 'money' },
  { key: 'energyCharge', kind: 'money' },
  { key: 'tax', kind: 'money' },
  { key: 'monthlyCharge', kind: 'money' },
  { key: 'debtRecovered', kind: 'money' },
  { key: 'cancelledCount', kind: 'int' },
  { key: 'cancelledTotalPaid', kind: 'money' },
];

/** Numbers as the user's language writes them: money with 2 places, units with 1. */
function numberFormat(kind: 'int' | 'units' | 'money') {
  const digits = kind === 'money' ? 2 : kind === 'units' ? 1 : 0;
  const f = new Intl.NumberFormat(currentLanguage(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return (n: number) => f.format(n);
}

const dayText = (d: Dayjs) => d.format('YYYY-MM-DD');

function columnsOf(t: TFunction, keyTitle: string): ColumnType<CashUpRow>[] {
  return [
    {
      key: 'key',
      dataIndex: 'key',
      title: t(keyTitle),
      fixed: 'left',
      width: 130,
      render: (v: string) => v || t('cashUp.none'),
    },
    ...FIGURES.map(
      (f): ColumnType<CashUpRow> => ({
        key: f.key,
        dataIndex: f.key,
        title: t(`cashUp.${f.key}`),
        align: 'right',
        width: 120,
        className: f.key.startsWith('cancelled') ? 'cash-up-cancelled' : undefined,
        render: (v: number) => <span data-testid={`cell-${f.key}`}>{numberFormat(f.kind)(v)}</span>,
      }),
    ),
  ];
}

/** The Total row under each view: the grand total the server sums from the same records. */
function TotalRow({ total, t }: { total: CashUpRow; t: TFunction }) {
  return (
    <Table.Summary.Row className="cash-up-total" data-testid="cash-up-total">
      <Table.Summary.Cell index={0}>
        <strong>{t('cashUp.total')}</strong>
      </Table.Summary.Cell>
      {FIGURES.map((f, i) => (
        <Table.Summary.Cell key={f.key} index={i + 1} align="right">
          <strong data-testid={`total-${f.key}`}>{numberFormat(f.kind)(total[f.key])}</strong>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

/** The end-of-shift summary an operator and a supervisor sign: totals by operator and payment method. */
function printSummary(t: TFunction, c: CashUpResult, printedBy: string) {
  const fmt = (r: CashUpRow) =>
    Object.fromEntries([
      ['key', r.key || t('cashUp.none')],
      ...FIGURES.map((f) => [f.key, numberFormat(f.kind)(r[f.key])]),
    ]);
  const columns = [
    { key: 'key', title: `${t('cashUp.operator')} / ${t('cashUp.paymentMethod')}` },
    ...FIGURES.map((f) => ({ key: f.key, title: t(`cashUp.${f.key}`) })),
  ];
  openPrintView({
    title: t('cashUp.printTitle', { from: c.from, to: c.to }),
    lines: [
      [t('cashUp.station'), c.stationId ?? t('cashUp.allStations')],
      [t('cashUp.printedBy'), printedBy],
    ],
    columns,
    rows: [
      ...c.byOperator.map(fmt),
      ...c.byPaymentMethod.map(fmt),
      { ...fmt(c.total), key: t('cashUp.total') },
    ],
    signatures: [t('cashUp.signOperator'), t('cashUp.signSupervisor')],
  });
}

/** The same cash-up as a workbook in the user's language (the download shows its own failure). */
function exportCashUp(asked: CashUpRequest) {
  const name = `cash-up-${asked.from}-${asked.to}.xlsx`;
  void downloadFile(CASH_UP_EXPORT_PATH, { ...asked, lang: currentLanguage() }, name).catch(() => undefined);
}

/**
 * Shift and day cash-up: the credit vends of the chosen days (today by default) by operator, station,
 * payment method and day, with a Total row; cancelled vends are counted apart and never in the totals.
 */
export default function CashUpPage() {
  const { t } = useTranslation();
  const isAdmin = useIsSystemAdmin();
  const stations = useStations();
  const userId = sessionStore.use((s) => s.info?.userId ?? '');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs(), dayjs()]);
  const [stationId, setStationId] = useState<string | undefined>();
  const [asked, setAsked] = useState<CashUpRequest>(() => ({
    from: dayText(dayjs()),
    to: dayText(dayjs()),
  }));
  const query = useCashUp(asked);
  const show = () =>
    setAsked({ from: dayText(range[0]), to: dayText(range[1]), stationId: stationId ?? null });
  const c = query.data;

  return (
    <Card className="cash-up" data-testid="cash-up">
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          data-testid="cash-up-range"
          value={range}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        {isAdmin && (
          <Select
            data-testid="cash-up-station"
            allowClear
            placeholder={t('cashUp.allStations')}
            style={{ minWidth: 180 }}
            value={stationId}
            options={stations.data ?? []}
            onChange={setStationId}
          />
        )}
        <Button type="primary" icon={<SearchOutlined />} data-testid="cash-up-show" onClick={show}>
          {t('cashUp.show')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          data-testid="cash-up-export"
          disabled={!c}
          onClick={() => exportCashUp(asked)}
        >
          {t('cashUp.export')}
        </Button>
        <Button
          icon={<PrinterOutlined />}
          data-testid="cash-up-print"
          disabled={!c}
          onClick={() => c && printSummary(t, c, userId)}
        >
          {t('cashUp.print')}
        </Button>
      </Flex>
      {c && c.total.cancelledCount > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="cash-up-cancelled"
          title={t('cashUp.cancelledApart', {
            count: c.total.cancelledCount,
            amount: numberFormat('money')(c.total.cancelledTotalPaid),
          })}
        />
      )}
      <CashUpViews c={c} loading={query.isFetching} />
    </Card>
  );
}

/** The four views of the same vends, each with the grand Total row under it. */
function CashUpViews({ c, loading }: { c: CashUpResult | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Tabs
      items={VIEWS.map(({ view, keyTitle }) => ({
        key: view,
        label: t(`cashUp.${view}`),
        children: (
          <Table<CashUpRow>
            data-testid={`cash-up-${view}`}
            size="small"
            bordered
            loading={loading}
            rowKey="key"
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={columnsOf(t, keyTitle)}
            dataSource={c?.[view] ?? []}
            summary={() => (c ? <TotalRow total={c.total} t={t} /> : null)}
          />
        ),
      }))}
    />
  );
}
