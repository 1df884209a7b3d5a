import { LOG_API, type LogRow } from '@prepay/contracts';
import { Button, Col, Grid, Modal, Row, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeColumn, stationColumn, textColumn } from '../../components/list-page/common-columns';
import type { StationOptions } from '../../components/list-page/crud-page';
import { type ListColumn, ListPage } from '../../components/list-page/list-page';
import { type ListSpec, prefetchList } from '../../components/list-page/list-query';
import { useIsSystemAdmin, useStations } from '../../components/list-page/lookups';
import { logAction, logObject, logSummary } from './log-words';
import './locales';

/** Audit JSON, indented; anything that is not JSON is shown as it is. */
export function prettyJson(text: string | null | undefined): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function JsonBlock({ text, testId }: { text: string | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <pre
      data-testid={testId}
      style={{
        background: '#f6f8fa',
        border: '1px solid #e5e7eb',
        borderRadius: 6,
        padding: 8,
        margin: 0,
        maxHeight: '60vh',
        overflow: 'auto',
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {text ? prettyJson(text) : t('setting.log.none')}
    </pre>
  );
}

const LIST: ListSpec<LogRow> = { resource: 'log', read: LOG_API.read };
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = prefetchList(LIST);

const logRowKey = (r: LogRow) => String(r.logId);

/** Date first; one sentence instead of the JSON, which the details keep (View). */
function logColumns(t: TFunction, isAdmin: boolean, stations: StationOptions): ListColumn<LogRow>[] {
  return [
    dateRangeColumn('createDate', t('setting.log.createTime')),
    textColumn('userId', t('setting.log.user'), 130),
    textColumn('title', t('setting.log.title'), 170, { render: (v) => logObject(t, String(v ?? '')) }),
    textColumn('action', t('setting.log.action'), 150, {
      render: (v) => logAction(t, String(v ?? '')),
    }),
    {
      key: 'summary',
      title: t('setting.log.summaryColumn'),
      width: 300,
      render: (_v, r) => logSummary(t, r),
    },
    textColumn('ipAddress', t('setting.log.ipAddress'), 140, { optional: true }),
    ...stationColumn<LogRow>(t, isAdmin, stations, false),
    { key: 'logId', title: t('setting.log.id'), sort: true, width: 90, optional: true },
  ];
}

export default function LogPage() {
  const { t } = useTranslation();
  const isAdmin = useIsSystemAdmin();
  const stations = useStations();
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState<LogRow | null>(null);
  const columns = useMemo(() => logColumns(t, isAdmin, stations.data), [t, isAdmin, stations.data]);
  // One function for the page's life: the grid redraws its rows when its columns change.
  const actions = useMemo(
    () => (row: LogRow) => (
      <Button size="small" type="link" data-testid="row-view" onClick={() => setOpen(row)}>
        {t('setting.log.view')}
      </Button>
    ),
    [t],
  );

  return (
    <>
      <ListPage<LogRow> {...LIST} rowKey={logRowKey} columns={columns} actionsWidth={90} actions={actions} />
      <Modal
        open={open !== null}
        title={t('setting.log.details')}
        width={screens.md ? 1000 : '100%'}
        footer={null}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        {open && (
          <div data-testid="log-details">
            <Typography.Paragraph>
              <b>{t('setting.log.title')}:</b> {logObject(t, open.title)} · <b>{t('setting.log.action')}:</b>{' '}
              {logAction(t, open.action)} · <b>{t('setting.log.user')}:</b> {open.userId ?? ''} ·{' '}
              <b>{t('setting.log.ipAddress')}:</b> {open.ipAddress ?? ''} ·{' '}
              <b>{t('setting.log.createTime')}:</b> {open.createDate}
            </Typography.Paragraph>
            {open.content && <Typography.Paragraph type="secondary">{open.content}</Typography.Paragraph>}
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <Typography.Title level={5}>{t('setting.log.contentBefore')}</Typography.Title>
                <JsonBlock text={open.contentBefore} testId="log-before" />
              </Col>
              <Col xs={24} md={12}>
                <Typography.Title level={5}>{t('setting.log.contentAfter')}</Typography.Title>
                <JsonBlock text={open.contentAfter} testId="log-after" />
              </Col>
            </Row>
          </div>
        )}
      </Modal>
    </>
  );
}
