import { DAILY_DATA_API, type DailyDataMeterRow } from '@prepay/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { dailyGrid, electricColumns } from './columns';
import './locales';

/** Monthly Data: the registers frozen at the start of each month. */
export default function MonthlyDataPage() {
  const { t } = useTranslation();
  return (
    <ListPage<DailyDataMeterRow>
      {...dailyGrid(
        'monthly-data',
        DAILY_DATA_API.meterReadMonthly,
        'DailyDataMeter/readMonthly',
        'monthly-data',
      )}
      columns={electricColumns(t).filter((c) => c.key !== 'usage1')}
      testId="monthly-data"
    />
  );
}
