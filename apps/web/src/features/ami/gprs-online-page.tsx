import { GPRS_ONLINE_API, type GprsOnlineRow } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { textColumn } from '../../components/list-page/common-columns';
import { type ListColumn, ListPage } from '../../components/list-page/list-page';
import { linkStates, stateColumn } from '../../components/state-column';
import './locales';

function onlineColumns(t: TFunction): ListColumn<GprsOnlineRow>[] {
  return [
    textColumn('meterId', t('ami.meterId'), 160),
    stateColumn<GprsOnlineRow>('isOnline', t('ami.state'), linkStates(t), 120, { sort: true }),
    { key: 'statusUpdateDate', title: t('ami.lastSeen'), width: 180 },
    { key: 'stationId', title: t('ami.stationId'), sort: true, width: 120 },
  ];
}

/** GPRS meters: whether each holds its link to the head-end now, and when that last changed. */
export default function GprsOnlinePage() {
  const { t } = useTranslation();
  return (
    <ListPage<GprsOnlineRow>
      resource="gprs-online-status"
      read={GPRS_ONLINE_API.read}
      rowKey={(r) => r.meterId}
      defaultSort={{ field: 'meterId', direction: 'asc' }}
      columns={onlineColumns(t)}
      refetchInterval={() => 30_000}
      testId="gprs-online-list"
    />
  );
}
