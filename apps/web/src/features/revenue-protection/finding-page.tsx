import { Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textColumn } from '../../components/list-page/common-columns';
import { type ListColumn, ListPage, type ListPageProps } from '../../components/list-page/list-page';

/** The findings whose grid has one row a meter; each is exported under its endpoint's name. */
type MeterFinding = 'zeroBuyers' | 'consumptionBeyondCredit' | 'tamper' | 'suspects';

/**
 * A meter finding's grid: its filters in the toolbar and their values sent with every read and export
 * (the export in English, as the server words it).
 */
export function FindingPage<Row extends { meterId: string }>(
  p: {
    finding: MeterFinding;
    filters: ReactNode[];
    body: Record<string, unknown>;
    exportFileName: string;
  } & Pick<ListPageProps<Row>, 'resource' | 'read' | 'columns' | 'actions' | 'actionsWidth'>,
) {
  return (
    <ListPage<Row>
      resource={p.resource}
      read={p.read}
      exportModule={`revenueProtection/${p.finding}`}
      exportFileName={p.exportFileName}
      rowKey={(r) => r.meterId}
      actionsWidth={p.actionsWidth}
      actions={p.actions}
      extraBody={{ lang: 'en', ...p.body }}
      toolbarExtra={<Space wrap>{p.filters}</Space>}
      columns={p.columns}
    />
  );
}

/** The finding pages' words (`f`) and the columns they share. */
export function useFindingColumns<Row>() {
  const { t } = useTranslation();
  const f = (k: string) => t(`revprot.finding.${k}`);
  /** Sorted figures of the finding, each its width in px; `optional` ones shown on demand. */
  const figures = (widths: Record<string, number>, optional?: true): ListColumn<Row>[] =>
    Object.entries(widths).map(([key, width]) => ({ key, title: f(key), sort: true, width, optional }));
  return {
    t,
    f,
    figures,
    meter: (width: number) => textColumn<Row>('meterId', f('meterId'), width, { fixed: 'left' }),
    customer: (width: number) => textColumn<Row>('customerId', f('customerId'), width),
    transformer: (more: Partial<ListColumn<Row>> = {}) =>
      textColumn<Row>('transformerId', t('revprot.transformer.id'), 150, more),
    station: figures({ stationId: 120 }, true),
  };
}
