import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Grid, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, FileRequestError, type FileRowError, uploadFile } from '../../lib/file-request';
import { actionFooter } from '../action-modal/action-modal';
import { checkImportFile, filePaths, reasonLines } from './file-paths';
import '../list-page/locales';

export interface ImportDialogProps {
  open: boolean;
  module: string;
  onClose: () => void;
  onImported: (rows: unknown[]) => void;
}

/** The chosen file, the upload and what the server said about it. */
function useImport(module: string, onImported: (rows: unknown[]) => void, onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<FileRowError[]>([]);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setErrors([]);
  };
  /** A file dropped or browsed: checked here first (type, size), uploaded on "Import". */
  const choose = (f: File) => {
    const bad = checkImportFile(f);
    setErrors([]);
    setProblem(bad ? t(bad) : null);
    setFile(bad ? null : f);
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
        filePaths(module).importFile,
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
      // Row lines as a list whenever the reason has any (even one), under the dialog's own title.
      const rowLines = lines.length > 1 || lines[0] !== reason.trim() ? lines : [];
      setErrors(listed.length ? listed : rowLines.map((message) => ({ message })));
    } finally {
      setBusy(false);
    }
  };
  return { file, problem, errors, busy, reset, choose, submit };
}

/**
 * Import (original §16.1): template download, xls/xlsx only, at most 5 MB, drag and drop. The server
 * checks every row; if any is bad nothing is written and its row-numbered reasons are listed here.
 */
export function ImportDialog({ open, module, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const upload = useImport(module, onImported, onClose);
  const close = () => {
    upload.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('importDialog.title')}
      width={screens.sm ? 560 : '100%'}
      destroyOnHidden
      onCancel={close}
      footer={actionFooter(
        {
          label: t('importDialog.upload'),
          testId: 'import-submit',
          busy: upload.busy,
          onClick: upload.submit,
        },
        close,
        t('listPage.cancel'),
      )}
    >
      <div data-testid="import-dialog">
        <Typography.Paragraph type="secondary">{t('importDialog.templateHint')}</Typography.Paragraph>
        <Button
          icon={<DownloadOutlined />}
          data-testid="import-template"
          style={{ marginBottom: 12 }}
          onClick={() =>
            void downloadFile(filePaths(module).template, {}, `${module}-template.xlsx`).catch(() => {})
          }
        >
          {t('importDialog.template')}
        </Button>
        <Upload.Dragger
          accept=".xls,.xlsx"
          multiple={false}
          maxCount={1}
          data-testid="import-dragger"
          fileList={
            upload.file
              ? [{ uid: 'import', name: upload.file.name, size: upload.file.size, status: 'done' as const }]
              : []
          }
          beforeUpload={(f) => {
            upload.choose(f);
            // Uploaded on "Import", not on drop.
            return false;
          }}
          onRemove={() => {
            upload.reset();
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
        {upload.problem && <ImportProblems problem={upload.problem} errors={upload.errors} />}
      </div>
    </Modal>
  );
}

/** The refusal: one line per bad row (each said once), or the one reason as the title. */
function ImportProblems({ problem, errors }: { problem: string; errors: FileRowError[] }) {
  const { t } = useTranslation();
  const lines = errors.map((e) =>
    [e.row !== undefined ? t('importDialog.row', { row: e.row }) : '', e.field ?? e.path ?? '', e.message]
      .filter(Boolean)
      .join(': '),
  );
  const unique = [...new Set(lines)];
  return (
    <Alert
      style={{ marginTop: 12 }}
      type="error"
      showIcon
      data-testid="import-errors"
      title={unique.length ? t('importDialog.failed') : problem}
      description={
        unique.length ? (
          <div>
            {/* A reason the listed rows do not already say (structured errors sent apart). */}
            {errors.every((e) => !problem.includes(e.message)) && <div>{problem}</div>}
            <ul style={{ maxHeight: 200, overflow: 'auto', paddingLeft: 18, margin: '6px 0 0' }}>
              {unique.map((line) => (
                <li key={line} data-testid="import-error-line">
                  {line}
                </li>
              ))}
            </ul>
          </div>
        ) : undefined
      }
    />
  );
}
