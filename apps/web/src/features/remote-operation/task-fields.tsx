import { type AccountRow, normaliseToken, type TaskKind } from '@prepay/contracts';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** A raw DL/T 645 frame: optional FE wake-up bytes, 68 … 16, hex pairs. */
const FRAME_PATTERN = /^\s*(FE\s*)*68(\s*[0-9A-Fa-f]{2})+\s*16\s*$/i;

/** The meters the task goes to, read-only, as the original shows them. */
export function TaskMeters({ rows }: { rows: AccountRow[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('remote.customerId')}>
        <Input readOnly value={rows.map((r) => r.customerId).join(',')} />
      </Form.Item>
      <Form.Item label={t('remote.customerName')}>
        <Input readOnly value={rows.map((r) => r.customerName ?? '').join(',')} />
      </Form.Item>
      <Form.Item label={t('remote.meterId')}>
        <Input readOnly data-testid="task-meter-ids" value={rows.map((r) => r.meterId).join(',')} />
      </Form.Item>
    </>
  );
}

/** What a task family asks for besides its data items: a value, on/off, a token or a frame. */
export function TaskValueField({ kind }: { kind: TaskKind }) {
  const { t } = useTranslation();
  switch (kind) {
    case 'setting':
      return (
        <Form.Item name="data" label={t('remote.value')}>
          <Input data-testid="setting-value" maxLength={64} />
        </Form.Item>
      );
    case 'control':
      return (
        <Form.Item name="flag" label={t('remote.dataItem')}>
          <Radio.Group data-testid="control-radio">
            <Radio value="C03D">{t('remote.switchOn')}</Radio>
            <Radio value="C03C">{t('remote.switchOff')}</Radio>
          </Radio.Group>
        </Form.Item>
      );
    case 'token':
      return (
        <Form.Item
          name="data"
          label={t('remote.token')}
          rules={[
            {
              validator: (_r, v: string | undefined) =>
                normaliseToken(v ?? '')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('remote.tokenInvalid'))),
            },
          ]}
        >
          <Input data-testid="token-input" maxLength={40} inputMode="numeric" />
        </Form.Item>
      );
    case 'transparent':
      return (
        <Form.Item
          name="sendFrame"
          label={t('remote.sendFrame')}
          rules={[
            { pattern: FRAME_PATTERN, message: t('remote.frameInvalid') },
            { required: true, message: t('remote.frameInvalid') },
          ]}
        >
          <Input.TextArea data-testid="send-frame" rows={3} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      );
    default:
      return null;
  }
}
