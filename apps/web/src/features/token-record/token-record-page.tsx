import { CREDIT_API, type CreditTokenRecord, KEY_CHANGE_API, MANAGEMENT_TOKEN_API } from '@prepay/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Divider, Form, Modal, Space, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stationColumn } from '../../components/list-page/common-columns';
import { type ListColumn, ListPage, useRefreshList } from '../../components/list-page/list-page';
import { type GridRead, type ListSpec, prefetchList } from '../../components/list-page/list-query';
import { useIsSystemAdmin, useStations } from '../../components/list-page/lookups';
import { RemarkItem } from '../../components/remark-item';
import { energy, money } from '../../components/vending/amount';
import { AuthorizationPasswordItem } from '../../components/vending/authorization-password';
import {
  type CreditReceiptRecord,
  creditReceipt,
  printReceipt,
  type ReceiptContext,
  type ReceiptRecord,
  smsLine,
  tokenReceipt,
  useReceiptContext,
} from '../../components/vending/receipt';
import { labelOf, meterTypeOptions, QUOTA_KEY, TokenText } from '../../components/vending/vending';
import { sessionStore } from '../../lib/session';
import { cancelCredit, readTotals, type TotalsOf } from './api';
import '../../components/vending/vending.css';
import '../../components/vending/office-locales';

export type RecordKind =
  | 'credit'
  | 'creditCancel'
  | 'clearTamper'
  | 'clearCredit'
  | 'maxPower'
  | 'maxOverdraft'
  | 'maxPhaseUnbalance'
  | 'changeKey';

interface KindConfig {
  resource: string;
  read: GridRead<RecordRow>;
  /** Route title key of the generate page, used as the receipt title. */
  receiptTitle: string;
  /** The management value column, if the kind has one. */
  value?: 'maximumPower' | 'maximumOverdraft' | 'maximumPhasePowerUnbalance';
}

const KINDS: Record<RecordKind, KindConfig> = {
  credit: { resource: 'creditTokenRecord', read: CREDIT_API.records, receiptTitle: '' },
  creditCancel: {
    resource: 'creditTokenCancelRecord',
    read: CREDIT_API.cancelRecords,
    receiptTitle: '',
  },
  clearTamper: {
    resource: 'clearTamperTokenRecord',
    read: MANAGEMENT_TOKEN_API.clearTamper.records,
    receiptTitle: 'route.clearTamperToken',
  },
  clearCredit: {
    resource: 'clearCreditTokenRecord',
    read: MANAGEMENT_TOKEN_API.clearCredit.records,
    receiptTitle: 'route.clearCreditToken',
  },
  maxPower: {
    resource: 'setMaximumPowerLimitTokenRecord',
    read: MANAGEMENT_TOKEN_API.maxPower.records,
    receiptTitle: 'route.setMaximumPowerLimitToken',
    value: 'maximumPower',
  },
  maxOverdraft: {
    resource: 'setMaximumOverdraftLimitTokenRecord',
    read: MANAGEMENT_TOKEN_API.maxOverdraft.records,
    receiptTitle: 'route.setMaximumOverdraftToken',
    value: 'maximumOverdraft',
  },
  maxPhaseUnbalance: {
    resource: 'setMaximumPhasePowerUnbalanceLimitTokenRecord',
    read: MANAGEMENT_TOKEN_API.maxPhaseUnbalance.records,
    receiptTitle: 'route.setMaximumPhasePowerUnbalanceLimitToken',
    value: 'maximumPhasePowerUnbalance',
  },
  changeKey: {
    resource: 'changeMeterKeyTokenRecord',
    read: KEY_CHANGE_API.records,
    receiptTitle: 'route.changeMeterKeyToken',
  },
};

/** Any record row: the common columns plus whatever its kind adds. */
type RecordRow = ReceiptRecord &
  Partial<CreditTokenRecord> & {
    status: number;
    stationId: string;
    maximumPower?: number | null;
    maximumOverdraft?: number | null;
    maximumPhasePowerUnbalance?: number | null;
    tokens?: string[];
    tokenFirst?: string | null;
    tokenSecond?: string | null;
    confirmed?: boolean;
  };

const CANCEL_PERMISSION = 'TokenRecord.CancelCreditTokenRecord';

/** The role-only key: the Cancel action shows only when the role content lists it. */
function useCanCancel(): boolean {
  return sessionStore.use((s) =>
    (s.info?.roleContent ?? '')
      .split(',')
      .map((k) => k.trim())
      .includes(CANCEL_PERMISSION),
  );
}

function valueLine(t: TFunction, kind: KindConfig, row: RecordRow): Array<[string, string]> {
  if (!kind.value) return [];
  const v = row[kind.value];
  return [[t(`vending.${kind.value}`), v === null || v === undefined ? '' : String(v)]];
}

/** Print again: the same receipt the generate page printed. */
/** A record grid: newest receipt first. */
function recordList(kindName: RecordKind): ListSpec<RecordRow> {
  const { resource, read } = KINDS[kindName];
  return { resource, read, defaultSort: { field: 'receiptId', direction: 'desc' } };
}

/** The record page's first read, started with its code by the menu or the router. */
export const recordPrefetch = (kindName: RecordKind) => prefetchList(recordList(kindName));

/** A receipt printed from a record is a reprint (COPY); a cancelled vend's says CANCELLED too. */
export function recordReceipt(t: TFunction, kindName: RecordKind, row: RecordRow, base: ReceiptContext = {}) {
  const kind = KINDS[kindName];
  const ctx: ReceiptContext = {
    ...base,
    copy: true,
    cancelled: kindName === 'creditCancel' || (kindName === 'credit' && row.status === 1),
  };
  if (kindName === 'credit' || kindName === 'creditCancel') {
    return creditReceipt(t, row, ctx);
  }
  return tokenReceipt(t, t(kind.receiptTitle), row, valueLine(t, kind, row), row.tokens, ctx);
}

function CancelDialog({ row, onClose }: { row: RecordRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const refreshCredit = useRefreshList('creditTokenRecord');
  const refreshCancel = useRefreshList('creditTokenCancelRecord');
  const [form] = Form.useForm<{ authorizationPassword: string; remark: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await cancelCredit({
        authorizationPassword: v.authorizationPassword,
        data: [{ receiptId: row.receiptId, remark: v.remark.trim() }],
      });
      void message.success(t('vending.cancelDone'));
      void client.invalidateQueries({ queryKey: QUOTA_KEY });
      await Promise.all([refreshCredit(), refreshCancel()]);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('vending.cancelTitle')}
      onCancel={onClose}
      data-testid="cancel-dialog"
      footer={[
        <Button key="c" data-testid="cancel-close" onClick={onClose}>
          {t('vending.office.closeDialog')}
        </Button>,
        <Button
          key="ok"
          danger
          type="primary"
          loading={busy}
          data-testid="cancel-submit"
          onClick={() => void submit()}
        >
          {t('vending.cancelToken')}
        </Button>,
      ]}
    >
      <Typography.Paragraph strong data-testid="cancel-question">
        {t('vending.office.cancelConfirm', { receiptId: row.receiptId, amount: money(row.totalPaid) })}
      </Typography.Paragraph>
      <Typography.Paragraph type="warning">{t('vending.cancelHint')}</Typography.Paragraph>
      <Typography.Paragraph>
        {t('vending.receiptId')}: <strong>{row.receiptId}</strong> · {t('vending.meterId')}: {row.meterId} ·{' '}
        {t('vending.totalPaid')}: <strong>{money(row.totalPaid)}</strong>
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <AuthorizationPasswordItem data-testid="cancel-password" />
        <RemarkItem
          label={t('vending.cancelRemark')}
          requiredMessage={t('vending.validation.required')}
          data-testid="cancel-remark"
        />
      </Form>
    </Modal>
  );
}

/** What a cashier looks for in a record: shown first, so a 1366 px screen never scrolls them away. */
const KEY_COLUMNS = [
  'receiptId',
  'cancelReceiptId',
  'meterId',
  'customerName',
  'totalPaid',
  'status',
  'token',
  // When: the cancellation's own date, else the vend's — before the remarks, so no pinned column covers it.
  'cancelDate',
  'createDate',
];

function keyColumnsFirst<C extends { key: string }>(columns: C[]): C[] {
  const rank = (c: C) => {
    const i = KEY_COLUMNS.indexOf(c.key);
    return i === -1 ? KEY_COLUMNS.length : i;
  };
  // Stable: the other columns keep the original's order after the key ones.
  return columns
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

/**
 * The totals row of a credit record list: sums over every row the filter matches (all pages, from the
 * server), with the cancelled vends among them said apart.
 */
function TotalsRow(props: { list: TotalsOf; body: Record<string, unknown>; columns: number }) {
  const { t } = useTranslation();
  const { pageNumber: _p, pageSize: _s, orderBy: _o, ...filter } = props.body;
  const totals = useQuery({
    queryKey: ['list', 'creditTokenRecord', 'totals', props.list, filter],
    queryFn: () => readTotals(props.list, filter),
  });
  const r = totals.data;
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={props.columns}>
        {r && (
          <span className="vending-totals" data-testid="record-totals">
            <strong>{t('vending.office.totals', { count: r.count })}</strong>
            {` · ${t('vending.totalPaid')} `}
            <strong data-testid="totals-totalPaid">{money(r.totalPaid)}</strong>
            {` · ${t('vending.vat')} ${money(r.tax)} · ${t('vending.monthlyCharge')} ${money(r.monthlyCharge)}`}
            {` · ${t('vending.payDebt')} ${money(r.payDebt)} · ${t('vending.totalUnit')} ${energy(r.totalUnit)}`}
            {r.cancelledCount > 0 &&
              ` · ${t('vending.cancelled')}: ${r.cancelledCount} (${money(r.cancelledTotalPaid)})`}
          </span>
        )}
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
}

const moneyCell = (v: unknown) => money(v as number);

/**
 * A record grid's token column: the 24 digits at 15 px monospace, the copy icon and the cell padding. A
 * credit record's columns (check box, meter, customer, paid, status, token, date, Print and Cancel token)
 * add up to fit the 1366 px page beside the sidebar; a wider sum scrolls the grid sideways and the pinned
 * Actions column then covers the date.
 */
const TOKEN_WIDTH = 256;

/** Receipt, customer, meter and tariff: the columns every record kind starts with. */
function leadColumns(t: TFunction): ListColumn<RecordRow>[] {
  const types = meterTypeOptions(t);
  return [
    {
      key: 'receiptId',
      title: t('vending.receiptId'),
      sort: true,
      width: 110,
      fixed: 'left',
      optional: true,
    },
    {
      key: 'customerId',
      title: t('vending.customerId'),
      filter: { kind: 'text' },
      sort: true,
      width: 130,
      optional: true,
    },
    {
      key: 'customerName',
      title: t('vending.customerName'),
      filter: { kind: 'text' },
      sort: true,
      width: 136,
    },
    { key: 'meterId', title: t('vending.meterId'), filter: { kind: 'text' }, sort: true, width: 120 },
    {
      key: 'meterType',
      title: t('vending.meterType'),
      filter: { kind: 'select', options: types },
      sort: true,
      width: 110,
      optional: true,
      render: (v) => labelOf(types, v),
    },
    {
      key: 'tariffId',
      title: t('vending.tariffId'),
      filter: { kind: 'text' },
      sort: true,
      width: 110,
      optional: true,
    },
  ];
}

/** A credit vend's money and units. */
function creditColumns(t: TFunction): ListColumn<RecordRow>[] {
  return [
    { key: 'totalPaid', title: t('vending.totalPaid'), sort: true, width: 100, render: moneyCell },
    { key: 'tax', title: t('vending.vat'), width: 100, render: moneyCell, optional: true },
    {
      key: 'monthlyCharge',
      title: t('vending.monthlyCharge'),
      width: 120,
      render: moneyCell,
      optional: true,
    },
    { key: 'payDebt', title: t('vending.payDebt'), width: 110, render: moneyCell, optional: true },
    { key: 'carriedIn', title: t('vending.office.carriedIn'), width: 130, render: moneyCell, optional: true },
    {
      key: 'carriedOut',
      title: t('vending.office.carriedOut'),
      width: 130,
      render: moneyCell,
      optional: true,
    },
    {
      key: 'totalUnit',
      title: t('vending.totalUnit'),
      sort: true,
      width: 110,
      optional: true,
      render: (v) => energy(v as number),
    },
    { key: 'paymentMethod', title: t('vending.paymentMethod'), width: 130, optional: true },
  ];
}

/** The token (or a key change's tokens and whether the meter confirmed it). */
function tokenColumns(t: TFunction, kindName: RecordKind): ListColumn<RecordRow>[] {
  if (kindName !== 'changeKey') {
    return [
      {
        key: 'token',
        title: t('vending.token'),
        filter: { kind: 'text' },
        // The whole token at the grid's size (record-token in vending.css): 24 digits, copy icon, padding.
        width: TOKEN_WIDTH,
        render: (v, row) => {
          const sms = smsLine(t, row as CreditReceiptRecord);
          const token = <TokenText token={String(v ?? '')} testId="record-token" />;
          // A token that went by SMS says so under it, without a column of its own.
          return sms ? (
            <Space orientation="vertical" size={0}>
              {token}
              <Typography.Text type="secondary" data-testid="record-sms">
                {sms}
              </Typography.Text>
            </Space>
          ) : (
            token
          );
        },
      },
    ];
  }
  return [
    {
      key: 'tokens',
      title: t('vending.tokens'),
      width: 300,
      render: (_v, row) => (
        <Space orientation="vertical" size={0}>
          {(row.tokens?.length ? row.tokens : [row.tokenFirst ?? '', row.tokenSecond ?? '']).map((tok, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tokens are ordered and may repeat.
            <TokenText key={i} token={tok} testId={`record-token-${i}`} />
          ))}
        </Space>
      ),
    },
    {
      key: 'confirmed',
      title: t('vending.key.confirmState'),
      width: 120,
      render: (v) =>
        v ? <Tag color="green">{t('vending.key.confirmedTag')}</Tag> : <Tag>{t('vending.key.pending')}</Tag>,
    },
  ];
}

/** Issued or cancelled (credit records), and the cancellation itself (cancel records). */
function statusColumns(t: TFunction, kindName: RecordKind): ListColumn<RecordRow>[] {
  const statusOptions = [
    { value: 0, label: t('vending.issued') },
    { value: 1, label: t('vending.cancelled') },
  ];
  if (kindName === 'credit') {
    return [
      {
        key: 'status',
        title: t('vending.status'),
        filter: { kind: 'select', options: statusOptions },
        sort: true,
        width: 92,
        render: (v) =>
          v === 1 ? (
            <Tag color="red">{t('vending.cancelled')}</Tag>
          ) : (
            <Tag color="green">{t('vending.issued')}</Tag>
          ),
      },
    ];
  }
  if (kindName !== 'creditCancel') return [];
  return [
    // The receipt column holds the cancelled vend's receipt (as the original's clients read it); this is
    // the cancellation's own number.
    { key: 'cancelReceiptId', title: t('vending.cancelReceiptId'), width: 130, optional: true },
    { key: 'cancelRemark', title: t('vending.cancelRemark'), ellipsis: true, width: 120, optional: true },
    { key: 'cancelId', title: t('vending.cancelId'), width: 120, optional: true },
    { key: 'cancelDate', title: t('vending.cancelDate'), width: 170 },
  ];
}

/**
 * A cancellation is found by its two numbers: the cancelled vend's receipt, then the cancellation's own
 * number beside it; the customer's name gives way to them.
 */
function cancelView(columns: ListColumn<RecordRow>[]): ListColumn<RecordRow>[] {
  const own = columns.find((c) => c.key === 'cancelReceiptId');
  const rest = columns.filter((c) => c !== own);
  const shown = (c: ListColumn<RecordRow>) =>
    c.key === 'receiptId' || c.key === 'cancelRemark' ? { ...c, optional: false } : c;
  const hidden = (c: ListColumn<RecordRow>) => (c.key === 'customerName' ? { ...c, optional: true } : c);
  const [first, ...after] = rest.map(shown).map(hidden);
  return first && own ? [first, { ...own, optional: false }, ...after] : rest;
}

/** Every column of a record kind, in the order the original shows them. */
function recordColumns(
  t: TFunction,
  kindName: RecordKind,
  audit: ListColumn<RecordRow>[],
): ListColumn<RecordRow>[] {
  const kind = KINDS[kindName];
  const isCredit = kindName === 'credit' || kindName === 'creditCancel';
  const all: ListColumn<RecordRow>[] = [
    ...leadColumns(t),
    ...(isCredit ? creditColumns(t) : []),
    ...(kind.value ? [{ key: kind.value, title: t(`vending.${kind.value}`), width: 150 }] : []),
    ...tokenColumns(t, kindName),
    ...statusColumns(t, kindName),
    { key: 'createId', title: t('vending.operator'), sort: true, width: 120, optional: true },
    {
      key: 'createDate',
      title: t('vending.date'),
      filter: { kind: 'dateRange' },
      sort: true,
      width: 146,
      // A cancellation is dated by its own Cancel Date; the vend's date is in the chooser.
      optional: kindName === 'creditCancel',
    },
    {
      key: 'remark',
      title: t('vending.remark'),
      filter: { kind: 'text' },
      ellipsis: true,
      width: 140,
      optional: true,
    },
    ...audit,
  ];
  return kindName === 'creditCancel' ? cancelView(all) : all;
}

/**
 * Print, and — apart from it, on the same line behind a divider — Cancel token as a bordered danger button:
 * a reprint is the everyday click, a cancel voids a customer's token, so the two are never a slip apart.
 */
function RecordActions({ onPrint, onCancel }: { onPrint: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="record-actions">
      <Button size="small" type="link" data-testid="row-print" onClick={onPrint}>
        {t('vending.print')}
      </Button>
      {onCancel && (
        <>
          <Divider orientation="vertical" />
          <Button size="small" danger data-testid="row-cancel" onClick={onCancel}>
            {t('vending.cancelToken')}
          </Button>
        </>
      )}
    </span>
  );
}

/**
 * One page for every token record kind (original §16.6): search, header filters, sort, Print again;
 * credit records add the breakdown columns and Cancel (role-only permission).
 */
export function TokenRecordPage({ kind: kindName }: { kind: RecordKind }) {
  const { t } = useTranslation();
  const kind = KINDS[kindName];
  const isAdmin = useIsSystemAdmin();
  const stations = useStations();
  const canCancel = useCanCancel();
  const receiptContext = useReceiptContext();
  const [cancelRow, setCancelRow] = useState<RecordRow | null>(null);
  const isCredit = kindName === 'credit' || kindName === 'creditCancel';
  const columns = recordColumns(t, kindName, stationColumn<RecordRow>(t, isAdmin, stations.data));

  return (
    <>
      <ListPage<RecordRow>
        {...recordList(kindName)}
        rowKey={(r) => String(r.receiptId)}
        columns={keyColumnsFirst(columns)}
        // Server export: /api/token/<record kind>/export with the grid's filters (all pages).
        exportModule={`token/${kind.resource}`}
        exportFileName={kind.resource}
        summary={
          isCredit
            ? (_rows, body, count) => (
                <TotalsRow
                  list={kindName === 'credit' ? 'credit' : 'creditCancel'}
                  body={body}
                  columns={count}
                />
              )
            : undefined
        }
        actionsWidth={kindName === 'credit' && canCancel ? 172 : 150}
        actions={(row) => (
          <RecordActions
            onPrint={() => printReceipt(t, recordReceipt(t, kindName, row, receiptContext))}
            onCancel={
              kindName === 'credit' && canCancel && row.status === 0 ? () => setCancelRow(row) : undefined
            }
          />
        )}
      />
      {cancelRow && <CancelDialog row={cancelRow} onClose={() => setCancelRow(null)} />}
    </>
  );
}
