import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearErrorLog, type ErrorLogEntry, errorLogStore } from '../../lib/error-log';

/** E3: a red bug badge while errors were captured; it opens the log (admins only, see navbar). */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const entries = errorLogStore.use((s) => s.entries);
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;

  return (
    <>
      <Tooltip title={t('navbar.errorLog')}>
        <button
          type="button"
          className="navbar-item"
          aria-label={t('navbar.errorLog')}
          data-testid="error-log-button"
          onClick={() => setOpen(true)}
        >
          <Badge dot>
            <BugOutlined style={{ color: '#f5222d' }} />
          </Badge>
        </button>
      </Tooltip>
      <Modal
        open={open}
        width="80%"
        title={
          <span>
            {t('errorLog.title')}{' '}
            <Button
              size="small"
              danger
              onClick={() => {
                clearErrorLog();
                setOpen(false);
              }}
            >
              {t('errorLog.clearAll')}
            </Button>
          </span>
        }
        footer={null}
        onCancel={() => setOpen(false)}
      >
        <Table<ErrorLogEntry>
          rowKey={(e) => `${e.time}${e.message}`}
          dataSource={entries}
          size="small"
          pagination={false}
          scroll={{ x: true }}
          columns={[
            { title: t('errorLog.time'), dataIndex: 'time', width: 180 },
            {
              title: t('errorLog.message'),
              key: 'message',
              render: (_, e) => (
                <div>
                  <div>
                    <b>Msg:</b> {e.message}
                  </div>
                  <div>
                    <b>{t('errorLog.info')}:</b> {e.info}
                  </div>
                  <div>
                    <b>{t('errorLog.url')}:</b> {e.url}
                  </div>
                </div>
              ),
            },
            {
              title: t('errorLog.stack'),
              dataIndex: 'stack',
              render: (s: string) => (
                <pre style={{ whiteSpace: 'pre-wrap', fontSize: 11, margin: 0 }}>{s}</pre>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
