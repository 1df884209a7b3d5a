import { DAILY_DATA_API, type DailyDataRow } from '@prepay/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { dailyGrid, waterColumns } from './columns';
import './locales';
import { useRecollect } from './recollect-dialog';

/** Interval Data (Water): daily readings of water meters, collected like electricity (Re-collect too). */
export default function WaterDataPage() {
  const { t } = useTranslation();
  const recollect = useRecollect();
  return (
    <>
      <ListPage<DailyDataRow>
        {...dailyGrid('daily-data-water', DAILY_DATA_API.read, 'DailyData', 'interval-data-water')}
        columns={waterColumns(t)}
        {...(recollect.allowed && { actions: recollect.action, actionsWidth: 110 })}
        testId="water-data"
      />
      {recollect.dialog}
    </>
  );
}
