import { TOKEN_PATHS } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TokenText } from '../../components/vending/vending';
import { request } from '../../lib/request';

interface TestRow {
  id: number;
  value: string;
  content: string;
  token11: string;
  token13: string;
}

interface CustomForm {
  subclass: 0 | 1;
  controlHex: string;
  mfrCode: number;
}

/** Meter test tokens (class 1, no key): the fixed table of the original and a custom control field. */
export default function MeterTestTokenPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<CustomForm>();
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = useQuery({
    queryKey: ['list', 'meterTestToken'],
    queryFn: () => request<{ total: number; data: TestRow[] }>(TOKEN_PATHS.meterTestRead, {}),
  });

  const generate = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await request<{ token: string }>(TOKEN_PATHS.meterTestGenerate, {
        subclass: v.subclass,
        controlHex: v.controlHex.trim(),
        mfrCode: v.mfrCode ?? 0,
      });
      setToken(r.token);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Card data-testid="meter-test-table">
        <Table<TestRow>
          bordered
          size="small"
          rowKey="id"
          loading={rows.isFetching}
          dataSource={rows.data?.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'id', dataIndex: 'id', title: t('vending.test.id'), width: 60 },
            { key: 'value', dataIndex: 'value', title: t('vending.test.value'), width: 90 },
            { key: 'content', dataIndex: 'content', title: t('vending.test.content'), width: 220 },
            {
              key: 'token11',
              dataIndex: 'token11',
              title: t('vending.test.token11'),
              render: (v: string) => <TokenText token={v} testId="test-token11" />,
            },
            {
              key: 'token13',
              dataIndex: 'token13',
              title: t('vending.test.token13'),
              render: (v: string) => <TokenText token={v} testId="test-token13" />,
            },
          ]}
        />
      </Card>
      <Card title={t('vending.test.custom')}>
        <Form<CustomForm>
          form={form}
          layout="vertical"
          initialValues={{ subclass: 0, mfrCode: 0 }}
          onFinish={() => void generate()}
        >
          <Flex gap={12} wrap>
            <Form.Item name="subclass" label={t('vending.test.subclass')} style={{ minWidth: 240 }}>
              <Select
                options={[
                  { value: 0, label: t('vending.test.sub11') },
                  { value: 1, label: t('vending.test.sub13') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="controlHex"
              label={t('vending.test.control')}
              rules={[
                { required: true, message: t('vending.validation.required') },
                { pattern: /^\s*[0-9A-Fa-f]{1,9}\s*$/, message: t('vending.test.hexInvalid') },
              ]}
            >
              <Input data-testid="test-control" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="mfrCode"
              label={t('vending.test.mfrCode')}
              rules={[{ type: 'integer', min: 0, max: 9999, message: t('vending.validation.integer') }]}
            >
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Flex>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="test-generate">
              {t('vending.generateToken')}
            </Button>
            {token && <TokenText token={token} testId="custom-test-token" />}
          </Space>
        </Form>
      </Card>
    </Flex>
  );
}
