import { DAILY_DATA_API, type DailyDataMeterRow } from '@prepay/contracts';
import { Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { dailyGrid, electricColumns, READ_LANG } from './columns';
import './locales';
import { useRecollect } from './recollect-dialog';

/** Interval Data: one row per meter and day; the Hourly action opens that day's hourly readings. */
export default function IntervalDataPage() {
  const { t } = useTranslation();
  const [hourly, setHourly] = useState<DailyDataMeterRow | null>(null);
  const recollect = useRecollect();
  const day = hourly?.currentDate.slice(0, 10) ?? '';
  return (
    <>
      <ListPage<DailyDataMeterRow>
        {...dailyGrid('daily-data-meter', DAILY_DATA_API.meterRead, 'DailyDataMeter', 'interval-data')}
        columns={electricColumns(t)}
        actions={(r) => (
          <Space size={0} wrap>
            <Button size="small" type="link" onClick={() => setHourly(r)}>
              {t('amr.hourly')}
            </Button>
            {recollect.allowed && recollect.action(r)}
          </Space>
        )}
        actionsWidth={recollect.allowed ? 150 : 90}
        testId="interval-data"
      />
      <Modal
        open={hourly !== null}
        onCancel={() => setHourly(null)}
        footer={null}
        width="min(1100px, 96vw)"
        title={t('amr.hourlyTitle', { meterId: hourly?.meterId, day })}
        destroyOnHidden
      >
        {hourly && (
          <ListPage<DailyDataMeterRow>
            resource={`hourly-${hourly.meterId}-${day}`}
            read={DAILY_DATA_API.meterReadMore}
            rowKey={(r) => r.currentDate}
            columns={electricColumns(t, 'amr.usage1').filter((c) =>
              ['meterId', 'currentDate', 'usage1', 'total1', 'remain1'].includes(c.key),
            )}
            extraBody={{
              ...READ_LANG,
              meterId: hourly.meterId,
              currentDateRange: [`${day} 00:00:00`, `${day} 23:59:59`],
            }}
            testId="hourly-data"
          />
        )}
      </Modal>
      {recollect.dialog}
    </>
  );
}
