import type { CampaignLetterRow, CampaignProgress } from '@prepay/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currentLanguage } from '../../lib/i18n';
import { acceptCampaignMeter, type CampaignState, exportCampaign, readCampaignMeters } from './api';
import './locales';

type Row = z.infer<typeof CampaignLetterRow>;
type Campaign = z.infer<typeof CampaignProgress>;

export const STATES: CampaignState[] = ['pending', 'issued', 'delivered', 'accepted', 'failed'];
const COLORS: Record<string, string> = {
  pending: 'default',
  issued: 'blue',
  delivered: 'cyan',
  accepted: 'green',
  failed: 'red',
};
const w = (t: TFunction, k: string) => t(`keyCampaign.${k}`);

function meterColumns(t: TFunction, accept: (r: Row) => Promise<unknown>): TableColumnsType<Row> {
  return [
    { key: 'meterId', dataIndex: 'meterId', title: w(t, 'meterId'), width: 130 },
    {
      key: 'state',
      dataIndex: 'state',
      title: w(t, 'state'),
      width: 100,
      render: (s: string) => <Tag color={COLORS[s]}>{w(t, `states.${s}`)}</Tag>,
    },
    {
      key: 'tokens',
      dataIndex: 'tokens',
      title: w(t, 'tokens'),
      width: 220,
      render: (tokens: string[], r) =>
        r.state === 'issued' || r.state === 'failed'
          ? tokens.map((tk) => <div key={tk}>{tk.replace(/(\d{4})(?=\d)/g, '$1 ')}</div>)
          : null,
    },
    {
      key: 'error',
      dataIndex: 'error',
      title: w(t, 'error'),
      width: 260,
      render: (e: string | null) => e ?? '',
    },
    {
      key: 'actions',
      title: '',
      width: 110,
      render: (_: unknown, r) =>
        r.state === 'issued' || r.state === 'delivered' ? (
          <Popconfirm title={w(t, 'acceptConfirm')} onConfirm={() => accept(r)}>
            <Button size="small" data-testid={`campaign-accept-${r.meterId}`}>
              {w(t, 'accept')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
}

/** One campaign's meters, of one state if chosen, with each failed meter's reason; exported for print. */
export function CampaignMeters({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, setState] = useState<CampaignState | undefined>(undefined);
  const key = ['key-campaign-meters', campaign.campaignId, state, campaign.pending, campaign.accepted];
  const meters = useQuery({ queryKey: key, queryFn: () => readCampaignMeters(campaign.campaignId, state) });
  const accept = async (r: Row) => {
    await acceptCampaignMeter(r.campaignId, r.meterId);
    await client.invalidateQueries({ queryKey: ['key-campaigns'] });
  };
  const download = () =>
    void exportCampaign({ campaignId: campaign.campaignId, state, lang: currentLanguage() }).catch(
      () => undefined,
    );
  return (
    <Card size="small" title={campaign.name} data-testid="campaign-meters" style={{ marginTop: 16 }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<CampaignState>
          allowClear
          placeholder={w(t, 'allStates')}
          style={{ width: 160 }}
          value={state}
          onChange={setState}
          options={STATES.map((s) => ({ value: s, label: w(t, `states.${s}`) }))}
          data-testid="campaign-state-filter"
        />
        <Button onClick={download} data-testid="campaign-export">
          {w(t, 'export')}
        </Button>
        <Typography.Text type="secondary">{w(t, 'exportHint')}</Typography.Text>
      </Space>
      <Table<Row>
        rowKey="meterId"
        columns={meterColumns(t, accept)}
        dataSource={meters.data ?? []}
        loading={meters.isLoading}
        size="small"
        scroll={{ x: 'max-content' }}
        tableLayout="fixed"
        pagination={{ pageSize: 50, showSizeChanger: false }}
      />
    </Card>
  );
}
