import {
  CHANNEL_API,
  CHANNEL_PATHS,
  type ChannelAdviceRow,
  type ChannelTransactionRow,
} from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Grid, Spin, Tag, Timeline, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeColumn, optionColumn, textColumn } from '../../components/list-page/common-columns';
import { RowAction } from '../../components/list-page/edit-action';
import { type ListColumn, ListPage } from '../../components/list-page/list-page';
import { prefetchList } from '../../components/list-page/list-query';
import { readAdvices } from './api';
import { fileModuleOf, saleStateOptions } from './channel-words';
import './locales';

const LIST = { resource: 'channel-transaction', read: CHANNEL_API.transactions } as const;
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = prefetchList(LIST);

const STATE_COLOR = { sold: 'gold', confirmed: 'green', reversed: 'red' } as const;
const OUTCOME_COLOR = { accepted: 'green', repeated: 'blue', refused: 'red' } as const;

function transactionColumns(t: TFunction): ListColumn<ChannelTransactionRow>[] {
  const states = saleStateOptions(t);
  return [
    dateRangeColumn('createDate', t('channel.transaction.createDate')),
    textColumn('vendorId', t('channel.transaction.vendorId'), 120),
    textColumn('meterId', t('channel.transaction.meterId'), 130),
    { key: 'amount', title: t('channel.transaction.amount'), sort: true, width: 110 },
    {
      ...optionColumn('saleState', t('channel.transaction.saleState'), states, 120),
      render: (v) => (
        <Tag color={STATE_COLOR[v as keyof typeof STATE_COLOR]}>
          {states.find((s) => s.value === v)?.label ?? String(v)}
        </Tag>
      ),
    },
    textColumn('messageId', t('channel.transaction.messageId'), 200, { ellipsis: true }),
    { key: 'commission', title: t('channel.transaction.commission'), width: 110 },
    { key: 'receiptId', title: t('channel.transaction.receiptId'), sort: true, width: 110, optional: true },
    { key: 'vendorName', title: t('channel.transaction.vendorName'), width: 150, optional: true },
    { key: 'stationId', title: t('channel.transaction.stationId'), sort: true, width: 110, optional: true },
    { key: 'confirmationId', title: t('channel.transaction.confirmationId'), width: 200, optional: true },
    { key: 'reversalId', title: t('channel.transaction.reversalId'), width: 200, optional: true },
  ];
}

/** A purchase's history, oldest first: its sale, then each advice, retry and reprint with what came of it. */
function AdviceDrawer({ sale, onClose }: { sale: ChannelTransactionRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const history = useQuery({
    queryKey: ['channel-advices', sale?.vendorId, sale?.messageId],
    queryFn: () => readAdvices(sale?.vendorId ?? '', sale?.messageId ?? ''),
    enabled: sale !== null,
  });
  return (
    <Drawer
      open={sale !== null}
      title={t('channel.transaction.historyTitle', { id: sale?.messageId })}
      size={screens.sm ? 480 : '100%'}
      onClose={onClose}
      destroyOnHidden
    >
      <div data-testid="advice-history">
        <Typography.Paragraph type="secondary">
          {sale?.vendorId} · {sale?.meterId} · {sale?.amount}
        </Typography.Paragraph>
        {history.isLoading && <Spin />}
        {history.data?.length === 0 && <Empty description={t('channel.transaction.noHistory')} />}
        <Timeline
          items={(history.data ?? []).map((a: ChannelAdviceRow, i) => ({
            key: `${a.adviceKind}-${i}`,
            color: OUTCOME_COLOR[a.outcome],
            content: (
              <div data-testid="advice-item">
                <b>{t(`channel.transaction.adviceKinds.${a.adviceKind}`)}</b>{' '}
                <Tag color={OUTCOME_COLOR[a.outcome]}>{t(`channel.transaction.outcomes.${a.outcome}`)}</Tag>
                <div>{a.createDate}</div>
                {a.adviceId && <Typography.Text type="secondary">{a.adviceId}</Typography.Text>}
                {a.reason && <div>{a.reason}</div>}
              </div>
            ),
          }))}
        />
      </div>
    </Drawer>
  );
}

/** Channel Transactions: every channel sale, its state and its history. */
export default function TransactionPage() {
  const { t } = useTranslation();
  const [sale, setSale] = useState<ChannelTransactionRow | null>(null);
  return (
    <>
      <ListPage<ChannelTransactionRow>
        {...LIST}
        rowKey={(r) => String(r.id)}
        columns={transactionColumns(t)}
        exportModule={fileModuleOf(CHANNEL_PATHS.transactionsExport)}
        exportFileName="channel-transactions"
        actionsWidth={90}
        actions={(r) => (
          <RowAction testId="row-history" onClick={() => setSale(r)}>
            {t('channel.transaction.history')}
          </RowAction>
        )}
      />
      <AdviceDrawer sale={sale} onClose={() => setSale(null)} />
    </>
  );
}
