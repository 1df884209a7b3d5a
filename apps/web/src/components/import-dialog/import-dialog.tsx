import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Grid, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, FileRequestError, type FileRowError, uploadFile } from '../../lib/file-request';
import { checkImportFile, filePaths, reasonLines } from './file-paths';
import '../list-page/locales';

export interface ImportDialogProps {
  open: boolean;
  module: string;
  onClose: () => void;
  onImported: (rows: unknown[]) => void;
}

/**
 * Import (original §16.1): template download, xls/xlsx only, at most 5 MB, drag and drop. The server
 * checks every row; if any is bad nothing is written and its row-numbered reasons are listed here.
 */
export function ImportDialog({ open, module, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<FileRowError[]>([]);
  const [busy, setBusy] = useState(false);
  const paths = filePaths(module);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setErrors([]);
  };

  const submit = async () => {
    if (!file) {
      setProblem(t('importDialog.noFile'));
      return;
    }
    setBusy(true);
    setErrors([]);
    setProblem(null);
    try {
      const result = await uploadFile<{ imported?: number; rows?: unknown[] } | unknown[]>(
        paths.importFile,
        file,
      );
      const rows = Array.isArray(result) ? result : (result?.rows ?? []);
      const count = Array.isArray(result) ? result.length : (result?.imported ?? rows.length);
      void message.success(t('importDialog.success', { count }));
      onImported(rows);
      reset();
      onClose();
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      const listed = e instanceof FileRequestError ? e.errors : [];
      const lines = reasonLines(reason);
      setProblem(reason);
      setErrors(listed.length ? listed : lines.length > 1 ? lines.map((message) => ({ message })) : []);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('importDialog.title')}
      width={screens.sm ? 560 : '100%'}
      destroyOnHidden
      onCancel={() => {
        reset();
        onClose();
      }}
      footer={[
        <Button
          key="cancel"
          onClick={() => {
            reset();
            onClose();
          }}
        >
          {t('listPage.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} data-testid="import-submit" onClick={submit}>
          {t('importDialog.upload')}
        </Button>,
      ]}
    >
      <div data-testid="import-dialog">
        <Typography.Paragraph type="secondary">{t('importDialog.templateHint')}</Typography.Paragraph>
        <Button
          icon={<DownloadOutlined />}
          data-testid="import-template"
          style={{ marginBottom: 12 }}
          onClick={() => void downloadFile(paths.template, {}, `${module}-template.xlsx`).catch(() => {})}
        >
          {t('importDialog.template')}
        </Button>
        <Upload.Dragger
          accept=".xls,.xlsx"
          multiple={false}
          maxCount={1}
          data-testid="import-dragger"
          fileList={
            file ? [{ uid: 'import', name: file.name, size: file.size, status: 'done' as const }] : []
          }
          beforeUpload={(f) => {
            const bad = checkImportFile(f);
            setErrors([]);
            if (bad) {
              setProblem(t(bad));
              setFile(null);
            } else {
              setProblem(null);
              setFile(f);
            }
            // Uploaded on "Import", not on drop.
            return false;
          }}
          onRemove={() => {
            reset();
            return true;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {t('importDialog.drop')} <Typography.Link>{t('importDialog.browse')}</Typography.Link>
          </p>
          <p className="ant-upload-hint">{t('importDialog.limit')}</p>
        </Upload.Dragger>
        {problem && (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            data-testid="import-errors"
            title={errors.length ? t('importDialog.failed') : problem}
            description={
              errors.length ? (
                <div>
                  {errors.every((e) => !problem.includes(e.message)) && <div>{problem}</div>}
                  <ul style={{ maxHeight: 200, overflow: 'auto', paddingLeft: 18, margin: '6px 0 0' }}>
                    {errors.map((e, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: errors are a fixed list per attempt
                      <li key={i}>
                        {e.row !== undefined ? `${t('importDialog.row', { row: e.row })}: ` : ''}
                        {e.field || e.path ? `${e.field ?? e.path} — ` : ''}
                        {e.message}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : undefined
            }
          />
        )}
      </div>
    </Modal>
  );
}
