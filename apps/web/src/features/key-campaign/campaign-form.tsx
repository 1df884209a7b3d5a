import {
  Alert,
  Button,
  Divider,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Select,
  Space,
  Typography,
  Upload,
} from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsSystemAdmin, useStations } from '../../components/list-page/lookups';
import { previewCampaign } from './api';
import { parseMeterList, type SelectionForm, selectionOf } from './campaign-words';
import './locales';

export type CampaignForm = SelectionForm & {
  name: string;
  targetKrn: number;
  targetBaseYear: 1993 | 2014 | 2035;
};

const w = (t: TFunction, k: string, o?: Record<string, unknown>) => t(`keyCampaign.${k}`, o ?? {});
const YEARS = [1993, 2014, 2035].map((y) => ({ value: y, label: String(y) }));

/** The meter list: typed or pasted, or read from a text/CSV file (one meter number a line). */
function MeterListField({ form }: { form: FormInstance<CampaignForm> }) {
  const { t } = useTranslation();
  const text = Form.useWatch('meterList', form) ?? '';
  const read = async (file: File) => {
    form.setFieldValue('meterList', await file.text());
    return false;
  };
  return (
    <Form.Item
      label={w(t, 'meterList')}
      extra={w(t, 'meterListHint', { count: parseMeterList(text).length })}
    >
      <Form.Item name="meterList" noStyle>
        <Input.TextArea rows={3} data-testid="campaign-meter-list" />
      </Form.Item>
      <Upload accept=".txt,.csv" showUploadList={false} beforeUpload={read}>
        <Button size="small" style={{ marginTop: 6 }} data-testid="campaign-meter-file">
          {w(t, 'meterFile')}
        </Button>
      </Upload>
    </Form.Item>
  );
}

/** The selectors the server knows: every one given narrows the set. */
function SelectionFields({ form }: { form: FormInstance<CampaignForm> }) {
  const { t } = useTranslation();
  const isAdmin = useIsSystemAdmin();
  const stations = useStations();
  return (
    <>
      <Typography.Text type="secondary">{w(t, 'selectionHint')}</Typography.Text>
      <Space wrap style={{ marginTop: 8 }}>
        <Form.Item name="sgc" label={w(t, 'sgc')} rules={[{ pattern: /^\d{6}$/, message: w(t, 'sgcRule') }]}>
          <Input maxLength={6} style={{ width: 110 }} data-testid="campaign-sgc" />
        </Form.Item>
        <Form.Item name="krn" label={w(t, 'krn')}>
          <InputNumber min={1} max={9} data-testid="campaign-krn" />
        </Form.Item>
        <Form.Item name="ti" label={w(t, 'ti')}>
          <InputNumber min={0} max={99} data-testid="campaign-ti" />
        </Form.Item>
        <Form.Item name="baseYear" label={w(t, 'baseYear')}>
          <Select allowClear options={YEARS} style={{ width: 100 }} data-testid="campaign-base-year" />
        </Form.Item>
        {isAdmin && (
          <Form.Item name="stationId" label={w(t, 'station')}>
            <Select allowClear options={stations.data ?? []} style={{ width: 180 }} />
          </Form.Item>
        )}
      </Space>
      <MeterListField form={form} />
    </>
  );
}

/** The preview: how many meters the selection takes now (the campaign takes them as they are when started). */
function Preview({ form }: { form: FormInstance<CampaignForm> }) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number | null>(null);
  const values = Form.useWatch([], form);
  const key = JSON.stringify(values ? selectionOf(values) : null);
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    setSeen(key);
    setCount(null);
  }
  const run = async () => {
    const s = selectionOf(form.getFieldsValue());
    setCount(s ? (await previewCampaign(s)).meters : null);
  };
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Button onClick={() => void run().catch(() => undefined)} data-testid="campaign-preview">
        {w(t, 'preview')}
      </Button>
      {count !== null && (
        <Alert
          type={count > 0 ? 'info' : 'warning'}
          showIcon
          data-testid="campaign-preview-count"
          title={w(t, 'previewCount', { count })}
        />
      )}
    </Space>
  );
}

/** A new campaign: which meters (with their count), its name, and where it moves them. */
export function CampaignFields({ form }: { form: FormInstance<CampaignForm> }) {
  const { t } = useTranslation();
  return (
    <>
      <SelectionFields form={form} />
      <Preview form={form} />
      <Divider style={{ margin: '4px 0 12px' }} />
      <Form.Item name="name" label={w(t, 'name')} rules={[{ required: true, whitespace: true, max: 100 }]}>
        <Input maxLength={100} data-testid="campaign-name" />
      </Form.Item>
      <Space wrap>
        <Form.Item name="targetKrn" label={w(t, 'targetKrn')} rules={[{ required: true }]}>
          <InputNumber min={1} max={9} data-testid="campaign-target-krn" />
        </Form.Item>
        <Form.Item name="targetBaseYear" label={w(t, 'targetBaseYear')} rules={[{ required: true }]}>
          <Select options={YEARS} style={{ width: 100 }} data-testid="campaign-target-base-year" />
        </Form.Item>
      </Space>
    </>
  );
}
