import type { RemoteTaskRow, TaskKind, TransparentTaskRow } from '@prepay/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { auditColumns, stationColumn, textColumn } from '../../components/list-page/common-columns';
import type { ListColumn } from '../../components/list-page/list-page';
import { useIsSystemAdmin, useStations } from '../../components/list-page/lookups';
import { Hex } from './attempts-dialog';
import { STATUS, STATUS_ORDER } from './task-kinds';

/** A row of any family's list: a meter task with its data item and value, or a transparent one with its frames. */
export type TaskRow =
  | (RemoteTaskRow & Partial<TransparentTaskRow>)
  | (TransparentTaskRow & Partial<RemoteTaskRow>);

/** Transparent forwarding shows its frames; the other families their data item and value. */
function valueColumns(t: TFunction, kind: TaskKind): ListColumn<TaskRow>[] {
  if (kind === 'transparent') {
    return (['sendFrame', 'receiveFrame'] as const).map((key) => ({
      key,
      title: t(`remote.${key}`),
      width: 150,
      ellipsis: true,
      render: (v) => <Hex value={v as string} />,
    }));
  }
  return [
    textColumn<TaskRow>('name', t('remote.dataItem'), 130),
    {
      key: 'data',
      title: kind === 'token' ? t('remote.token') : t('remote.dataValue'),
      width: kind === 'control' ? 130 : 150,
      render: (_v, r) => (
        <span data-testid="task-data">
          {r.dataPrefix && r.data !== null ? `${r.dataPrefix}: ` : ''}
          {r.data ?? ''}
        </span>
      ),
    },
  ];
}

function statusColumn(t: TFunction): ListColumn<TaskRow> {
  const options = STATUS_ORDER.map((value) => ({ value, label: t(STATUS[value]?.key ?? '') }));
  return {
    key: 'status',
    title: t('remote.status'),
    filter: { kind: 'select', options },
    sort: true,
    width: 110,
    render: (v) => (
      <Tag color={STATUS[Number(v)]?.color} data-testid="task-status">
        {t(STATUS[Number(v)]?.key ?? '')}
      </Tag>
    ),
  };
}

/**
 * The remark is the operator's reason for the task; a relay task's decides how it is read (why a customer's
 * supply was cut), so the control list shows it.
 */
const operatorReason =
  (t: TFunction, kind: TaskKind) =>
  (c: ListColumn<TaskRow>): ListColumn<TaskRow> =>
    c.key === 'remark'
      ? {
          ...c,
          title: t('remote.operatorReason'),
          filter: { kind: 'text' },
          optional: kind !== 'control',
          width: 120,
          render: (v) => <span data-testid="task-remark">{String(v ?? '')}</span>,
        }
      : c;

/** The task list's columns (original §16.8): who, what, status, why, how often, when, where. */
export function useTaskColumns(kind: TaskKind): ListColumn<TaskRow>[] {
  const { t } = useTranslation();
  const isAdmin = useIsSystemAdmin();
  const stations = useStations();
  return [
    { key: 'id', title: 'Id', sort: true, width: 80, optional: true },
    textColumn<TaskRow>('customerId', t('remote.customerId'), 130, { optional: true }),
    textColumn<TaskRow>('customerName', t('remote.customerName'), 150, { optional: true }),
    textColumn<TaskRow>('meterId', t('remote.meterId'), 130),
    // What decides a task, right after its meter: did it work, and why not.
    statusColumn(t),
    { key: 'reason', title: t('remote.reason'), ellipsis: true, width: 140 },
    ...valueColumns(t, kind),
    { key: 'attempts', title: t('remote.attempts'), width: 90, optional: true },
    ...auditColumns<TaskRow>(t)
      .map((c) => (c.key === 'createDate' ? { ...c, width: 160 } : c))
      .map(operatorReason(t, kind)),
    ...stationColumn<TaskRow>(t, isAdmin, stations.data),
  ];
}
