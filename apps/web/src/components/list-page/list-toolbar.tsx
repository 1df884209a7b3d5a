import {
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  PrinterOutlined,
  ReloadOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Flex, Input, type InputRef, Spin } from 'antd';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChooser, type ColumnChooserProps } from './column-chooser';

export interface ListToolbarProps {
  term: string;
  onTermChange: (term: string) => void;
  searchRef: RefObject<InputRef | null>;
  /** Enter in the search box. */
  onEnter: () => void;
  onSearch: () => void;
  onReset: () => void;
  onAdd?: () => void;
  onImport?: () => void;
  onExport?: () => void;
  onDelete?: () => void;
  onPrint: () => void;
  extra?: ReactNode;
  refreshing: boolean;
  /** The column chooser: which of the page's columns show. */
  chooser?: ColumnChooserProps;
}

/** Search Term and Search / Reset / Add / Import / Export / Delete / Print. */
export function ListToolbar(p: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex className="list-page-toolbar" gap={8} wrap align="center">
      <Input
        data-testid="list-search-term"
        className="list-page-term"
        allowClear
        placeholder={t('listPage.searchTerm')}
        value={p.term}
        ref={p.searchRef}
        onChange={(e) => p.onTermChange(e.target.value)}
        onPressEnter={p.onEnter}
      />
      <Button type="primary" icon={<SearchOutlined />} data-testid="list-search" onClick={p.onSearch}>
        {t('listPage.search')}
      </Button>
      <Button icon={<ReloadOutlined />} data-testid="list-reset" onClick={p.onReset}>
        {t('listPage.reset')}
      </Button>
      {p.onAdd && (
        <Button type="primary" icon={<PlusOutlined />} data-testid="list-add" onClick={p.onAdd}>
          {t('listPage.add')}
        </Button>
      )}
      {p.onImport && (
        <Button icon={<UploadOutlined />} data-testid="list-import" onClick={p.onImport}>
          {t('listPage.import')}
        </Button>
      )}
      {p.onExport && (
        <Button icon={<DownloadOutlined />} data-testid="list-export" onClick={p.onExport}>
          {t('listPage.export')}
        </Button>
      )}
      {p.onDelete && (
        <Button danger icon={<DeleteOutlined />} data-testid="list-delete" onClick={p.onDelete}>
          {t('listPage.delete')}
        </Button>
      )}
      <Button icon={<PrinterOutlined />} data-testid="list-print" onClick={p.onPrint}>
        {t('listPage.print')}
      </Button>
      {p.chooser && <ColumnChooser {...p.chooser} />}
      {p.extra}
      <Spin size="small" spinning={p.refreshing} data-testid="list-refreshing" />
    </Flex>
  );
}
