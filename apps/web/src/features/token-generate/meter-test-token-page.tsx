import type { MeterTestGenerateRequest, MeterTestRow } from '@prepay/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TokenText } from '../../components/vending/vending';
import { generateMeterTest, readMeterTests } from './api';

interface CustomForm {
  subclass: 0 | 1;
  controlHex: string;
  mfrCode?: number;
}

const tokenColumn = (key: 'token11' | 'token13', title: string) => ({
  key,
  dataIndex: key,
  title,
  render: (v: string) => <TokenText token={v} testId={`test-${key}`} />,
});

const testColumns = (t: TFunction) => [
  { key: 'id', dataIndex: 'id', title: t('vending.test.id'), width: 60 },
  { key: 'value', dataIndex: 'value', title: t('vending.test.value'), width: 90 },
  { key: 'content', dataIndex: 'content', title: t('vending.test.content'), width: 220 },
  tokenColumn('token11', t('vending.test.token11')),
  tokenColumn('token13', t('vending.test.token13')),
];

/** The original's fixed list of test tokens, for 11- and 13-digit meter numbers. */
function MeterTestTable() {
  const { t } = useTranslation();
  const rows = useQuery({
    queryKey: ['list', 'meterTestToken'],
    queryFn: readMeterTests,
  });
  return (
    <Card data-testid="meter-test-table">
      <Table<MeterTestRow>
        bordered
        size="small"
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={testColumns(t)}
      />
    </Card>
  );
}

/** A test token for any control field and manufacturer code. */
function CustomTestToken() {
  const { t } = useTranslation();
  const [form] = Form.useForm<CustomForm>();
  const generate = useMutation({
    mutationFn: (v: CustomForm) =>
      generateMeterTest({
        subclass: v.subclass,
        controlHex: v.controlHex.trim(),
        mfrCode: v.mfrCode ?? 0,
      } satisfies MeterTestGenerateRequest),
  });
  return (
    <Card title={t('vending.test.custom')}>
      <Form<CustomForm>
        form={form}
        layout="vertical"
        initialValues={{ subclass: 0, mfrCode: 0 }}
        onFinish={(v) => generate.mutate(v)}
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
          <Button type="primary" htmlType="submit" loading={generate.isPending} data-testid="test-generate">
            {t('vending.generateToken')}
          </Button>
          {generate.data && <TokenText token={generate.data.token} testId="custom-test-token" />}
        </Space>
      </Form>
    </Card>
  );
}

/** Meter test tokens (class 1, no key): the fixed table of the original and a custom control field. */
export default function MeterTestTokenPage() {
  return (
    <Flex vertical gap={12}>
      <MeterTestTable />
      <CustomTestToken />
    </Flex>
  );
}
