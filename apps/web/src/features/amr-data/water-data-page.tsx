import { DAILY_DATA_PATHS, type DailyDataRow } from '@prepay/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { dailyRowKey, READ_LANG, waterColumns } from './columns';
import './locales';
import { useRecollect } from './recollect-dialog';

/** Interval Data (Water): daily readings of water meters, collected like electricity (Re-collect too). */
export default function WaterDataPage() {
  const { t } = useTranslation();
  const recollect = useRecollect();
  return (
    <>
      <ListPage<DailyDataRow>
        resource="daily-data-water"
        readPath={DAILY_DATA_PATHS.read}
        rowKey={dailyRowKey}
        columns={waterColumns(t)}
        extraBody={READ_LANG}
        exportModule="DailyData"
        exportFileName="interval-data-water"
        {...(recollect.allowed && { actions: recollect.action, actionsWidth: 110 })}
        testId="water-data"
      />
      {recollect.dialog}
    </>
  );
}
