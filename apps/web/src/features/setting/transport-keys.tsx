import type { TransportKeyRow } from '@prepay/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { generateTransportKey, readTransportKeys } from './api';

export const TRANSPORT_QUERY_KEY = ['transport-keys'];
export const transportKeysQuery = { queryKey: TRANSPORT_QUERY_KEY, queryFn: readTransportKeys };

const w = (t: TFunction, k: string) => t(`setting.vendingKey.${k}`);

/** The public half as a .pem file the supplier wraps with; named by the start of its fingerprint. */
function downloadPem(row: TransportKeyRow) {
  const url = URL.createObjectURL(new Blob([row.publicKeyPem], { type: 'application/x-pem-file' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `transport-key-${row.fingerprint.slice(0, 16)}.pem`;
  a.click();
  URL.revokeObjectURL(url);
}

function columns(t: TFunction): TableColumnsType<TransportKeyRow> {
  return [
    {
      key: 'fingerprint',
      dataIndex: 'fingerprint',
      title: w(t, 'fingerprint'),
      render: (v: string) => (
        <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
          {v}
        </Typography.Text>
      ),
    },
    { key: 'createDate', dataIndex: 'createDate', title: w(t, 'createDate'), width: 170 },
    {
      key: 'actions',
      title: '',
      width: 150,
      render: (_: unknown, row) => (
        <Button
          size="small"
          onClick={() => downloadPem(row)}
          data-testid={`pem-${row.fingerprint.slice(0, 8)}`}
        >
          {w(t, 'downloadPem')}
        </Button>
      ),
    },
  ];
}

/**
 * Transport keys: RSA pairs the key vault makes for wrapped key import. A supplier wraps a vending key under
 * the public half (downloaded here); the private half never leaves the vault.
 */
export function TransportKeys() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const keys = useQuery(transportKeysQuery);
  const generate = async () => {
    await generateTransportKey();
    await client.invalidateQueries({ queryKey: TRANSPORT_QUERY_KEY });
  };
  return (
    <div data-testid="transport-keys" style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{w(t, 'transportTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{w(t, 'transportIntro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Popconfirm title={w(t, 'transportConfirm')} onConfirm={generate}>
          <Button data-testid="transport-generate">{w(t, 'transportGenerate')}</Button>
        </Popconfirm>
      </Space>
      <Table<TransportKeyRow>
        rowKey="fingerprint"
        columns={columns(t)}
        dataSource={keys.data ?? []}
        loading={keys.isLoading}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
