import type { TransformerMeterPoint } from '@prepay/contracts';
import { Alert, Modal, Space, Spin, Table, Tag } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../lib/runtime-config';
import { createStore } from '../../lib/store';
import { useTransformerMap } from './api';
import './locales';

const MeterMap = lazy(() => import('./meter-map'));

/** Which transformer's map is open (the grid's Map button sets it). */
export const mapStore = createStore<{ transformerId: string | null }>({ transformerId: null });

/** A transformer's check meter and customer meters: on the map, and as a list that needs no map at all. */
export function TransformerMapDialog() {
  const { t } = useTranslation();
  const transformerId = mapStore.use((s) => s.transformerId);
  const points = useTransformerMap(transformerId);
  const tilesUrl = runtimeConfig().mapTilesUrl;
  const labels = useMemo(
    () => ({ checkMeter: t('revprot.map.checkMeter'), customerMeter: t('revprot.map.customerMeter') }),
    [t],
  );
  const kind = (p: TransformerMeterPoint) =>
    p.isCheckMeter ? (
      <Tag color="red">{labels.checkMeter}</Tag>
    ) : (
      <Tag color="blue">{labels.customerMeter}</Tag>
    );
  return (
    <Modal
      open={transformerId !== null}
      title={t('revprot.map.title', { id: transformerId ?? '' })}
      onCancel={() => mapStore.set({ transformerId: null })}
      footer={null}
      width={860}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="transformer-map">
        {!tilesUrl && <Alert type="info" showIcon message={t('revprot.map.noTiles')} />}
        <Suspense fallback={<Spin />}>
          {points.data && <MeterMap points={points.data} tilesUrl={tilesUrl} labels={labels} />}
        </Suspense>
        <Table<TransformerMeterPoint>
          size="small"
          rowKey="meterId"
          loading={points.isLoading}
          dataSource={points.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content', y: 240 }}
          data-testid="transformer-map-list"
          columns={[
            { dataIndex: 'meterId', title: t('revprot.case.meterId') },
            { key: 'kind', title: t('revprot.map.kind'), render: (_, p) => kind(p) },
            { dataIndex: 'customerName', title: t('revprot.case.customer') },
            {
              key: 'position',
              title: `${t('revprot.map.lat')}, ${t('revprot.map.lng')}`,
              render: (_, p) =>
                p.lat === null || p.lng === null
                  ? t('revprot.map.noPosition')
                  : `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`,
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
