import { GATEWAY_API, GATEWAY_ID_PATTERN, type GatewayRow } from '@prepay/contracts';
import { Progress, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { stationRowColumns, textColumn } from '../../components/list-page/common-columns';
import { crudPage, namedRowFields, remarkAndStation } from '../../components/list-page/crud-page';
import { linkStates, stateColumn } from '../../components/state-column';
import { managementTable } from './management-page';

const gatewayFields = namedRowFields({
  titles: 'management.gateway',
  id: 'gatewayId',
  name: 'gatewayName',
  idMore: (t) => ({
    placeholder: 'E4-38-19-FF-FE-00-00-01',
    extra: t('management.gateway.idHint'),
    rules: [{ pattern: GATEWAY_ID_PATTERN, message: t('management.gateway.idInvalid') }],
  }),
});

/** Last Seen, with a warning when the stored "online" is older than the head-end's silence threshold. */
function LastSeen({ at, stale, t }: { at: unknown; stale: boolean; t: TFunction }) {
  return (
    <span>
      {typeof at === 'string' ? at : ''}
      {stale && (
        <Tooltip title={t('management.gateway.staleHint')}>
          <Tag color="warning" style={{ marginInlineStart: 6 }} data-testid="gateway-stale">
            {t('management.gateway.stale')}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}

const gatewayColumns = stationRowColumns<GatewayRow>((t) => [
  stateColumn<GatewayRow>('status', t('management.gateway.status'), linkStates(t), 110, { sort: true }),
  {
    key: 'successRate',
    title: t('management.gateway.successRate'),
    sort: true,
    width: 160,
    render: (v) => (
      // The figure, not antd's tick, even at 100 %.
      <Progress
        percent={Number(v ?? 0)}
        size="small"
        format={(p) => `${p}%`}
        style={{ width: 110, margin: 0 }}
      />
    ),
  },
  {
    key: 'lastSeen',
    title: t('management.gateway.lastSeen'),
    sort: true,
    width: 170,
    render: (v, row) => <LastSeen at={v} stale={row.stale === true} t={t} />,
  },
  textColumn('gatewayId', t('management.gateway.id'), 210),
  textColumn('gatewayName', t('management.gateway.name'), 180),
]);

interface GatewayForm {
  gatewayId: string;
  gatewayName?: string;
  remark?: string;
  stationId?: string;
}

const toBody = (v: GatewayForm, row: GatewayRow | undefined) => ({
  gatewayId: v.gatewayId.trim().toUpperCase(),
  gatewayName: v.gatewayName || null,
  ...remarkAndStation(v, row),
});

const page = crudPage<typeof GATEWAY_API, GatewayForm>({
  ...managementTable('gateway', GATEWAY_API, 'gatewayId'),
  columns: gatewayColumns,
  fields: gatewayFields,
  dialogWidth: 600,
  toBody,
});
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = page.prefetch;
export default page.Page;
