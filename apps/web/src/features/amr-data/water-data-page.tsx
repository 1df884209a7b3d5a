import { DAILY_DATA_PATHS, type DailyDataRow } from '@prepay/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { waterColumns } from './columns';
import './locales';
import { RecollectDialog, useCanRecollect } from './recollect-dialog';

const LANG = { lang: 'en' };

/** Interval Data (Water): daily readings of water meters, collected like electricity (Re-collect too). */
export default function WaterDataPage() {
  const { t } = useTranslation();
  const [recollect, setRecollect] = useState<DailyDataRow | null>(null);
  const canRecollect = useCanRecollect();
  return (
    <>
      <ListPage<DailyDataRow>
        resource="daily-data-water"
        readPath={DAILY_DATA_PATHS.read}
        rowKey={(r) => `${r.meterId}:${r.currentDate}`}
        columns={waterColumns(t)}
        extraBody={LANG}
        exportModule="DailyData"
        exportFileName="interval-data-water"
        {...(canRecollect && {
          actions: (r: DailyDataRow) => (
            <Button size="small" type="link" data-testid="recollect-action" onClick={() => setRecollect(r)}>
              {t('amr.recollect')}
            </Button>
          ),
          actionsWidth: 110,
        })}
        testId="water-data"
      />
      {recollect && (
        <RecollectDialog
          meterId={recollect.meterId}
          day={recollect.currentDate.slice(0, 10)}
          onClose={() => setRecollect(null)}
        />
      )}
    </>
  );
}
