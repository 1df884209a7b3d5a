import type { CampaignProgress } from '@prepay/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Grid, Progress, Space, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormModal } from '../../components/list-page/form-modal';
import type { PagePrefetch } from '../../components/list-page/list-query';
import { createCampaign, readCampaigns } from './api';
import { CampaignFields, type CampaignForm } from './campaign-form';
import { CampaignMeters } from './campaign-meters';
import { progressOf, refreshEvery, selectionOf } from './campaign-words';
import './locales';

type Campaign = z.infer<typeof CampaignProgress>;

const QUERY_KEY = ['key-campaigns'];
const campaignsQuery = { queryKey: QUERY_KEY, queryFn: readCampaigns };
/** The page's first read, started with its code by the menu or the router. */
export const prefetch: PagePrefetch = (client) => client.prefetchQuery(campaignsQuery);

const w = (t: TFunction, k: string, o?: Record<string, unknown>) => t(`keyCampaign.${k}`, o ?? {});
/** A header the layout checks find by its key, as on the other list pages. */
const th = (t: TFunction, key: string) => <span data-testid={`th-${key}`}>{w(t, key)}</span>;
const count = (key: 'total' | 'issued' | 'delivered' | 'accepted' | 'failed' | 'pending') => ({
  key,
  dataIndex: key,
  width: 82,
  align: 'right' as const,
  render: (v: number) => <span data-testid={`count-${key}`}>{v}</span>,
});

function campaignColumns(t: TFunction, open: (c: Campaign) => void): TableColumnsType<Campaign> {
  return [
    {
      key: 'name',
      title: th(t, 'name'),
      width: 170,
      ellipsis: true,
      render: (_: unknown, c) => (
        <Typography.Link onClick={() => open(c)} data-testid={`campaign-open-${c.campaignId}`}>
          {c.name}
        </Typography.Link>
      ),
    },
    {
      key: 'progress',
      title: th(t, 'progress'),
      width: 150,
      render: (_: unknown, c) => {
        const p = progressOf(c);
        return <Progress size="small" percent={p.percent} success={{ percent: p.accepted }} />;
      },
    },
    ...(['failed', 'pending', 'issued', 'delivered', 'accepted', 'total'] as const).map((k) => ({
      ...count(k),
      title: th(t, k),
    })),
    {
      key: 'target',
      title: th(t, 'target'),
      width: 130,
      render: (_: unknown, c) => w(t, 'targetText', { krn: c.target.krn, baseYear: c.target.baseYear }),
    },
    {
      key: 'createDate',
      dataIndex: 'createDate',
      title: th(t, 'createDate'),
      width: 170,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
  ];
}

/** Asks once more before the tokens are issued: a campaign cannot be taken back. */
function useStart() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  return async (v: CampaignForm) => {
    const selection = selectionOf(v);
    if (!selection) {
      void message.error(w(t, 'noSelection'));
      throw new Error('no selection');
    }
    const target = { krn: v.targetKrn, baseYear: v.targetBaseYear };
    const ok = await modal.confirm({
      title: w(t, 'confirmTitle'),
      content: w(t, 'confirmText', { name: v.name, ...target }),
      okButtonProps: { 'data-testid': 'campaign-confirm' },
    });
    if (!ok) throw new Error('not confirmed');
    const started = await createCampaign({ name: v.name, selection, target });
    await client.invalidateQueries({ queryKey: QUERY_KEY });
    return started;
  };
}

/**
 * Key change campaigns: a selection of meters moved to a new key revision and/or base date, each
 * campaign's progress read again while it runs, and one campaign's meters by state with their errors.
 */
export default function KeyCampaignPage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<CampaignForm>();
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const campaigns = useQuery({ ...campaignsQuery, refetchInterval: (q) => refreshEvery(q.state.data) });
  const start = useStart();
  const submit = async (v: CampaignForm) => setOpenId((await start(v)).campaignId);
  const add = () => {
    form.resetFields();
    form.setFieldsValue({ targetBaseYear: 2014 });
    setAdding(true);
  };
  const open = campaigns.data?.find((c) => c.campaignId === openId);
  return (
    <div data-testid="key-campaign-page">
      <Typography.Paragraph type="secondary">{w(t, 'intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={add} data-testid="list-add">
          {w(t, 'new')}
        </Button>
        <Typography.Text data-testid="list-total">
          {w(t, 'count', { count: campaigns.data?.length ?? 0 })}
        </Typography.Text>
      </Space>
      <Table<Campaign>
        data-testid="list-table"
        rowKey="campaignId"
        columns={campaignColumns(t, (c) => setOpenId(c.campaignId))}
        dataSource={campaigns.data ?? []}
        loading={campaigns.isLoading}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        tableLayout="fixed"
        rowClassName={(c) => (c.campaignId === openId ? 'ant-table-row-selected' : '')}
      />
      {open && <CampaignMeters key={open.campaignId} campaign={open} />}
      <FormModal<CampaignForm>
        open={adding}
        title={w(t, 'new')}
        width={screens.md ? 720 : '100%'}
        okText={w(t, 'start')}
        okTestId="campaign-start"
        form={form}
        testId="campaign-form"
        onSubmit={submit}
        onClose={() => setAdding(false)}
      >
        <CampaignFields form={form} />
      </FormModal>
    </div>
  );
}
