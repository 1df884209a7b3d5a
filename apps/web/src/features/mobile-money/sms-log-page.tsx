import { SMS_API, SMS_KINDS, SMS_STATES, type SmsRow } from '@prepay/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { textColumn } from '../../components/list-page/common-columns';
import { ListPage } from '../../components/list-page/list-page';
import { useCodeFilter } from './state-filter';
import './locales';

type State = SmsRow['state'];
const COLORS: Record<State, string> = {
  queued: 'warning',
  sent: 'processing',
  delivered: 'success',
  failed: 'error',
};

/** The SMS log: tokens and alerts sent to the SMSC over SMPP, their attempts and delivery receipts. */
export default function SmsLogPage() {
  const { t } = useTranslation();
  const s = (k: string) => t(`mobileMoney.sms.${k}`);
  const state = useCodeFilter('state', SMS_STATES, 'mobileMoney.smsState', { any: 'mobileMoney.anyState' });
  const kind = useCodeFilter('kind', SMS_KINDS, 'mobileMoney.smsKind', { any: 'mobileMoney.anyKind' });
  return (
    <ListPage<SmsRow>
      resource="sms-log"
      read={SMS_API.read}
      exportModule="sms"
      exportFileName="sms-log"
      rowKey={(r) => String(r.id)}
      extraBody={{ state: state.value, kind: kind.value }}
      refetchInterval={(d) =>
        d?.data.some((r) => r.state === 'queued' || r.state === 'sent') ? 5_000 : false
      }
      toolbarExtra={
        <Space wrap>
          {state.picker}
          {kind.picker}
        </Space>
      }
      columns={[
        { key: 'createDate', title: s('createDate'), sort: true, width: 160, fixed: 'left' },
        textColumn<SmsRow>('destination', s('destination'), 140),
        {
          key: 'kind',
          title: s('kind'),
          sort: true,
          width: 130,
          render: (_v, r) => t(`mobileMoney.smsKind.${r.kind}`),
        },
        {
          key: 'state',
          title: s('state'),
          sort: true,
          width: 110,
          render: (_v, r) => <Tag color={COLORS[r.state]}>{t(`mobileMoney.smsState.${r.state}`)}</Tag>,
        },
        { key: 'attempts', title: s('attempts'), sort: true, width: 90 },
        { key: 'lastError', title: s('lastError'), width: 220, ellipsis: true },
        { key: 'receiptState', title: s('receiptState'), width: 100 },
        textColumn<SmsRow>('meterId', s('meterId'), 130),
        { key: 'receiptId', title: s('receiptId'), width: 110 },
        { key: 'nextAttemptDate', title: s('nextAttemptDate'), width: 160, optional: true },
        { key: 'sentDate', title: s('sentDate'), width: 160, optional: true },
        { key: 'doneDate', title: s('doneDate'), width: 160, optional: true },
        { key: 'smscMessageId', title: s('smscMessageId'), width: 150, optional: true },
        { key: 'body', title: s('body'), width: 260, optional: true, ellipsis: true },
      ]}
    />
  );
}
