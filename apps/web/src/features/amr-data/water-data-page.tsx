import { DAILY_DATA_PATHS, type DailyDataRow } from '@prepay/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { waterColumns } from './columns';
import './locales';

const LANG = { lang: 'en' };

/** Interval Data (Water): daily readings of water meters. */
export default function WaterDataPage() {
  const { t } = useTranslation();
  return (
    <ListPage<DailyDataRow>
      resource="daily-data-water"
      readPath={DAILY_DATA_PATHS.read}
      rowKey={(r) => `${r.meterId}:${r.currentDate}`}
      columns={waterColumns(t)}
      extraBody={LANG}
      exportModule="DailyData"
      exportFileName="interval-data-water"
      testId="water-data"
    />
  );
}
