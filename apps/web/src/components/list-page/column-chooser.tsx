import { TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ColumnChooserProps {
  columns: { key: string; title: ReactNode; shown: boolean }[];
  onToggle: (key: string, show: boolean) => void;
  onReset: () => void;
}

/** The toolbar's "Columns": every column of the page, ticked when shown, and back to the page's defaults. */
export function ColumnChooser({ columns, onToggle, onReset }: ColumnChooserProps) {
  const { t } = useTranslation();
  const content = (
    <div className="list-column-chooser" data-testid="list-columns-panel">
      {columns.map((c) => (
        <Checkbox
          key={c.key}
          checked={c.shown}
          data-testid={`list-column-${c.key}`}
          onChange={(e) => onToggle(c.key, e.target.checked)}
        >
          {c.title}
        </Checkbox>
      ))}
      <Button size="small" type="link" data-testid="list-columns-reset" onClick={onReset}>
        {t('listPage.resetColumns')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} destroyOnHidden>
      <Button icon={<TableOutlined />} data-testid="list-columns">
        {t('listPage.columns')}
      </Button>
    </Popover>
  );
}
