import { Alert, App, Form, Grid, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../lib/file-request';
import { currentLanguage } from '../../lib/i18n';
import { filePaths } from '../import-dialog/file-paths';
import { FormModal } from '../list-page/form-modal';
import '../list-page/locales';

export interface ExportDialogProps {
  open: boolean;
  module: string;
  defaultFileName: string;
  /** The grid's current read request; paging is dropped so every matching row is exported. */
  body: Record<string, unknown>;
  onClose: () => void;
}

type ExportForm = { fileName: string; fileType: string };

const FILE_TYPES = [{ value: 'xlsx', label: 'xlsx' }];

/** Export (original §16.1): File Name + File Type; the server streams the xlsx of the current filter. */
export function ExportDialog({ open, module, defaultFileName, body, onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<ExportForm>();

  useEffect(() => {
    if (open)
      form.setFieldsValue({
        fileName: `${defaultFileName}-${dayjs().format('YYYYMMDD-HHmmss')}`,
        fileType: 'xlsx',
      });
  }, [open, defaultFileName, form]);

  const exportRows = async ({ fileName, fileType }: ExportForm) => {
    const { pageNumber: _p, pageSize: _s, ...filter } = body;
    const name = `${fileName.trim()}.${fileType}`;
    // The server writes titles and coded values in the user's language where it knows them.
    await downloadFile(
      filePaths(module).export,
      { ...filter, fileName: name, lang: currentLanguage() },
      name,
    );
    void message.success(t('exportDialog.success'));
  };

  return (
    <FormModal<ExportForm>
      open={open}
      title={t('exportDialog.title')}
      width={screens.sm ? 480 : '100%'}
      okText={t('listPage.export')}
      okTestId="export-submit"
      form={form}
      testId="export-dialog"
      onSubmit={exportRows}
      onClose={onClose}
    >
      <Alert type="info" showIcon title={t('exportDialog.hint')} style={{ marginBottom: 12 }} />
      <Form.Item
        name="fileName"
        label={t('exportDialog.fileName')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input data-testid="export-file-name" maxLength={120} />
      </Form.Item>
      <Form.Item name="fileType" label={t('exportDialog.fileType')}>
        <Select options={FILE_TYPES} />
      </Form.Item>
    </FormModal>
  );
}
