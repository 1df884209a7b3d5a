import { DAILY_DATA_PATHS, type DailyDataMeterRow } from '@prepay/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { dailyRowKey, electricColumns, READ_LANG } from './columns';
import './locales';

/** Monthly Data: the registers frozen at the start of each month. */
export default function MonthlyDataPage() {
  const { t } = useTranslation();
  return (
    <ListPage<DailyDataMeterRow>
      resource="monthly-data"
      readPath={DAILY_DATA_PATHS.meterReadMonthly}
      rowKey={dailyRowKey}
      columns={electricColumns(t).filter((c) => c.key !== 'usage1')}
      extraBody={READ_LANG}
      exportModule="DailyDataMeter/readMonthly"
      exportFileName="monthly-data"
      testId="monthly-data"
    />
  );
}
