import type { VendingKeyRow } from '@prepay/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/list-page/form-modal';
import type { PagePrefetch } from '../../components/list-page/list-query';
import {
  deleteVendingKey,
  generateVendingKeys,
  importWrappedVendingKeys,
  loadVendingKeys,
  readVendingKeys,
} from './api';
import { TransportKeys, transportKeysQuery } from './transport-keys';
import { ExpiryButton, ExpiryField, expiryColumns, expiryDay, useExpiryDialog } from './vending-key-expiry';
import './locales';

const QUERY_KEY = ['vending-keys'];

const keysQuery = { queryKey: QUERY_KEY, queryFn: readVendingKeys };
/** The page's first read, started with its code by the menu or the router. */
export const prefetch: PagePrefetch = (client) => client.prefetchQuery(keysQuery);

type KeyForm = {
  sgc: string;
  krn: number;
  dkga: '02' | '04';
  baseYear: 1993 | 2014;
  label?: string;
  expiresOn?: Dayjs | null;
  vendingKey?: string;
  transportKey?: string;
  wrappedKey?: string;
  checkValue?: string;
};
type Mode = 'load' | 'generate' | 'import' | null;
const OK_TEXT = { load: 'loadOk', generate: 'generateOk', import: 'importOk' } as const;

const w = (t: TFunction, k: string) => t(`setting.vendingKey.${k}`);

function keyColumns(
  t: TFunction,
  remove: (row: VendingKeyRow) => Promise<unknown>,
  openExpiry: (row: VendingKeyRow) => void,
): TableColumnsType<VendingKeyRow> {
  return [
    { key: 'sgc', dataIndex: 'sgc', title: w(t, 'sgc'), width: 90 },
    { key: 'krn', dataIndex: 'krn', title: w(t, 'krn'), width: 60 },
    {
      key: 'checkValue',
      dataIndex: 'checkValue',
      title: w(t, 'checkValue'),
      width: 110,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'dkga', dataIndex: 'dkga', title: w(t, 'dkga'), width: 80, render: (v: string) => `DKGA${v}` },
    { key: 'baseYear', dataIndex: 'baseYear', title: w(t, 'baseYear'), width: 90 },
    ...expiryColumns(t),
    { key: 'label', dataIndex: 'label', title: w(t, 'label'), width: 160, ellipsis: true },
    { key: 'createDate', dataIndex: 'createDate', title: w(t, 'createDate'), width: 170 },
    {
      key: 'actions',
      title: '',
      width: 170,
      render: (_: unknown, row) => (
        <Space size={4}>
          <ExpiryButton row={row} onOpen={openExpiry} />
          <Popconfirm title={w(t, 'deleteConfirm')} onConfirm={() => remove(row)}>
            <Button size="small" danger data-testid={`delete-key-${row.sgc}-${row.krn}`}>
              {t('listPage.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}

/** The form of a load (the key typed once, never shown back) or of a generation (no key at all). */
function KeyFields({ mode }: { mode: Exclude<Mode, null> }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="sgc"
        label={w(t, 'sgc')}
        rules={[{ required: true, pattern: /^\d{6}$/, message: w(t, 'sgcRule') }]}
      >
        <Input maxLength={6} data-testid="key-sgc" />
      </Form.Item>
      <Form.Item name="krn" label={w(t, 'krn')} rules={[{ required: true }]}>
        <InputNumber min={1} max={9} data-testid="key-krn" />
      </Form.Item>
      <Form.Item name="dkga" label={w(t, 'dkga')}>
        <Select
          options={[
            { value: '02', label: 'DKGA02' },
            { value: '04', label: 'DKGA04' },
          ]}
        />
      </Form.Item>
      <Form.Item name="baseYear" label={w(t, 'baseYear')}>
        <Select
          options={[
            { value: 1993, label: '1993' },
            { value: 2014, label: '2014' },
          ]}
        />
      </Form.Item>
      <Form.Item name="label" label={w(t, 'label')}>
        <Input maxLength={128} />
      </Form.Item>
      <ExpiryField />
      {mode === 'import' && <WrappedFields />}
      {mode === 'load' && (
        <Form.Item
          name="vendingKey"
          label={w(t, 'vendingKey')}
          extra={w(t, 'writeOnly')}
          rules={[
            { required: true, pattern: /^([0-9A-Fa-f]{16}|[0-9A-Fa-f]{40})$/, message: w(t, 'keyRule') },
          ]}
        >
          <Input.Password autoComplete="off" visibilityToggle={false} data-testid="key-value" />
        </Form.Item>
      )}
    </>
  );
}

/** A wrapped key: the transport key it was wrapped under, the wrapping (base64) and the key's check value. */
function WrappedFields() {
  const { t } = useTranslation();
  const transports = useQuery(transportKeysQuery);
  return (
    <>
      <Form.Item
        name="transportKey"
        label={w(t, 'transportKey')}
        rules={[{ required: true, message: w(t, 'transportRule') }]}
      >
        <Select
          data-testid="key-transport"
          options={(transports.data ?? []).map((k) => ({
            value: k.fingerprint,
            label: `${k.fingerprint.slice(0, 16)}… (${k.createDate})`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="wrappedKey"
        label={w(t, 'wrappedKey')}
        rules={[{ required: true, pattern: /^\s*[A-Za-z0-9+/]+={0,2}\s*$/, message: w(t, 'wrappedRule') }]}
      >
        <Input.TextArea rows={4} data-testid="key-wrapped" />
      </Form.Item>
      <Form.Item
        name="checkValue"
        label={w(t, 'checkValue')}
        extra={w(t, 'checkValueHint')}
        rules={[{ required: true, pattern: /^[0-9A-Fa-f]{6}$/, message: w(t, 'checkValueRule') }]}
      >
        <Input maxLength={6} data-testid="key-check-value" />
      </Form.Item>
    </>
  );
}

/** Sends the form as its mode says: a typed key, a generation, or a wrapped key. */
function submitKey(mode: Exclude<Mode, null>, v: KeyForm) {
  const line = {
    sgc: v.sgc,
    krn: v.krn,
    dkga: v.dkga,
    baseYear: v.baseYear,
    label: v.label || null,
    expiresOn: expiryDay(v.expiresOn),
  };
  if (mode === 'load') return loadVendingKeys([{ ...line, vendingKey: v.vendingKey ?? '' }]);
  if (mode === 'generate') return generateVendingKeys([line]);
  return importWrappedVendingKeys([
    {
      ...line,
      transportKey: v.transportKey ?? '',
      wrappedKey: (v.wrappedKey ?? '').replace(/\s+/g, ''),
      checkValue: v.checkValue ?? '',
    },
  ]);
}

/**
 * The vending keys: what is loaded, per supply group and key revision, shown by its check value — never
 * the key. A key is loaded once (write-only), generated inside the key vault, or imported wrapped under a
 * transport key, given an expiry day (which sets the KEN of the key changes onto it), and removed.
 */
export default function VendingKeyPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const keys = useQuery(keysQuery);
  const [mode, setMode] = useState<Mode>(null);
  const [form] = Form.useForm<KeyForm>();
  const refresh = () => client.invalidateQueries({ queryKey: QUERY_KEY });
  const expiry = useExpiryDialog(refresh);
  const open = (m: Exclude<Mode, null>) => {
    form.resetFields();
    form.setFieldsValue({ dkga: '02', baseYear: 2014 });
    setMode(m);
  };
  const submit = async (v: KeyForm) => {
    if (!mode) return;
    await submitKey(mode, v);
    form.resetFields();
    await refresh();
  };
  const remove = async (row: VendingKeyRow) => {
    await deleteVendingKey(row.sgc, row.krn);
    await refresh();
  };
  return (
    <div data-testid="vending-key-page">
      <Typography.Paragraph type="secondary">{w(t, 'intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => open('generate')} data-testid="key-generate">
          {w(t, 'generate')}
        </Button>
        <Button onClick={() => open('load')} data-testid="key-load">
          {w(t, 'load')}
        </Button>
        <Button onClick={() => open('import')} data-testid="key-import">
          {w(t, 'importWrapped')}
        </Button>
      </Space>
      <Table<VendingKeyRow>
        rowKey={(r) => `${r.sgc}/${r.krn}`}
        columns={keyColumns(t, remove, expiry.open)}
        dataSource={keys.data ?? []}
        loading={keys.isLoading}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        tableLayout="fixed"
      />
      <FormModal<KeyForm>
        open={mode !== null}
        title={w(t, mode === 'import' ? 'importWrapped' : (mode ?? 'generate'))}
        width={480}
        okText={w(t, OK_TEXT[mode ?? 'generate'])}
        okTestId="key-submit"
        form={form}
        testId="key-form"
        onSubmit={submit}
        onClose={() => setMode(null)}
        preserve={false}
      >
        {mode && <KeyFields mode={mode} />}
      </FormModal>
      {expiry.dialog}
      <TransportKeys />
    </div>
  );
}
