import { ALARM_API, ALARM_KINDS, type AlarmKind, type AlarmRow } from '@prepay/contracts';
import { App, Button, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeColumn, textColumn } from '../../components/list-page/common-columns';
import { type ListColumn, ListPage, useRefreshList } from '../../components/list-page/list-page';
import { stateColumn } from '../../components/state-column';
import { AcknowledgeDialog } from './acknowledge-dialog';
import './locales';

const RESOURCE = 'alarms';
const COLOUR: Record<AlarmKind, string> = {
  tamper: 'red',
  relay: 'orange',
  lowCredit: 'gold',
  offline: 'default',
};

/**
 * The grid's columns: the alarm, its meter and customer, and who acknowledged it when. What decides (which
 * meter, what, when, still open) is shown; the rest waits in the column chooser.
 */
function alarmColumns(t: TFunction): ListColumn<AlarmRow>[] {
  return [
    { key: 'id', title: t('alarm.id'), sort: true, width: 80, optional: true },
    textColumn('meterId', t('alarm.meterId'), 140),
    { key: 'customerId', title: t('alarm.customerId'), width: 130, optional: true },
    { key: 'customerName', title: t('alarm.customerName'), width: 150, ellipsis: true },
    {
      key: 'kind',
      title: t('alarm.kind'),
      filter: {
        kind: 'select',
        options: ALARM_KINDS.map((k) => ({ value: k, label: t(`alarm.kinds.${k}`) })),
      },
      sort: true,
      width: 130,
      render: (v) => {
        const kind = v as AlarmKind;
        return <Tag color={COLOUR[kind]}>{t(`alarm.kinds.${kind}`)}</Tag>;
      },
    },
    { key: 'detail', title: t('alarm.detail'), width: 200, ellipsis: true },
    dateRangeColumn('raisedDate', t('alarm.raisedDate')),
    {
      key: 'currentDate',
      title: t('alarm.currentDate'),
      width: 120,
      optional: true,
      render: (v) => (v ? String(v).slice(0, 10) : ''),
    },
    stateColumn<AlarmRow>(
      'acknowledged',
      t('alarm.acknowledged'),
      [
        { value: false, label: t('alarm.open'), color: 'volcano' },
        { value: true, label: t('alarm.done'), color: 'green' },
      ],
      130,
      { sort: true },
    ),
    { key: 'ackId', title: t('alarm.ackId'), width: 130, optional: true },
    { key: 'ackDate', title: t('alarm.ackDate'), sort: true, width: 170, optional: true },
    { key: 'ackRemark', title: t('alarm.ackRemark'), width: 160, ellipsis: true, optional: true },
    { key: 'stationId', title: t('alarm.stationId'), sort: true, width: 110, optional: true },
  ];
}

/**
 * Alarms: what the daily readings found abnormal (tamper, relay, low credit, offline), newest first.
 * An operator acknowledges an alarm (with a remark); the meter's next abnormal reading opens a new one.
 */
export default function AlarmPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshList(RESOURCE);
  const [acking, setAcking] = useState<AlarmRow[]>([]);
  const ackSelected = (rows: AlarmRow[]) => {
    const open = rows.filter((r) => !r.acknowledged);
    if (open.length === 0) {
      void message.warning(t('alarm.onlyOpen'));
      return;
    }
    setAcking(open);
  };
  return (
    <>
      <ListPage<AlarmRow>
        resource={RESOURCE}
        read={ALARM_API.read}
        rowKey={(r) => String(r.id)}
        defaultSort={{ field: 'id', direction: 'desc' }}
        exportModule="alarm"
        exportFileName="alarms"
        selectable
        toolbarExtra={(selected) => (
          <Button data-testid="alarm-ack-selected" onClick={() => ackSelected(selected)}>
            {t('alarm.acknowledgeSelected')}
          </Button>
        )}
        actions={(r) =>
          r.acknowledged ? null : (
            <Button size="small" type="link" data-testid={`alarm-ack-${r.id}`} onClick={() => setAcking([r])}>
              {t('alarm.acknowledge')}
            </Button>
          )
        }
        actionsWidth={110}
        columns={alarmColumns(t)}
        testId="alarm-list"
      />
      <AcknowledgeDialog
        rows={acking}
        onClose={() => setAcking([])}
        onDone={() => {
          setAcking([]);
          void refresh();
        }}
      />
    </>
  );
}
