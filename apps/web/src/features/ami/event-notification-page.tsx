import { EVENT_NOTIFICATION_API, type EventNotificationRow } from '@prepay/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dateRangeColumn, textColumn } from '../../components/list-page/common-columns';
import { type ListColumn, ListPage } from '../../components/list-page/list-page';
import { currentLanguage } from '../../lib/i18n';
import { EVENT_CODES, eventColour, eventName } from './events';
import './locales';

/** Which meter, what happened and when decide; the remark and station wait in the column chooser. */
function eventColumns(t: TFunction): ListColumn<EventNotificationRow>[] {
  return [
    textColumn('meterId', t('ami.meterId'), 140),
    dateRangeColumn('currentDate', t('ami.eventDate')),
    {
      key: 'eventCode',
      title: t('ami.eventCode'),
      width: 110,
      filter: {
        kind: 'select',
        options: EVENT_CODES.map((c) => ({ value: c, label: `${c} ${eventName(t, c)}` })),
      },
    },
    {
      key: 'eventContent',
      title: t('ami.eventContent'),
      width: 200,
      render: (v, r) => (
        <Tag color={eventColour(r.eventCode)}>{eventName(t, r.eventCode, String(v ?? ''))}</Tag>
      ),
    },
    { key: 'remark', title: t('ami.remark'), width: 160, ellipsis: true, optional: true },
    { key: 'stationId', title: t('ami.stationId'), sort: true, width: 110, optional: true },
  ];
}

/** Meter events (power failure, cover and terminal cover open, magnetic tamper, relay, low credit), newest first. */
export default function EventNotificationPage() {
  const { t } = useTranslation();
  return (
    <ListPage<EventNotificationRow>
      resource="event-notification"
      read={EVENT_NOTIFICATION_API.read}
      rowKey={(r) => `${r.meterId}:${r.currentDate}:${r.eventCode}`}
      defaultSort={{ field: 'currentDate', direction: 'desc' }}
      extraBody={{ lang: currentLanguage() }}
      columns={eventColumns(t)}
      testId="event-notification-list"
    />
  );
}
