import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { nodeText, openPrintView } from '../../lib/print';
import type { ListColumn } from './list-page-props';

/** Delete: asks first, then deletes the checked rows and re-reads the grid. */
export function useConfirmDelete<Row>(
  onDelete: ((rows: Row[]) => Promise<unknown>) | undefined,
  selected: Row[],
  afterDelete: () => Promise<unknown>,
) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  if (!onDelete) return undefined;
  return () => {
    if (selected.length === 0) {
      void message.warning(t('listPage.selectFirst'));
      return;
    }
    modal.confirm({
      title: t('listPage.tip'),
      content: t('listPage.deleteConfirm'),
      okText: t('listPage.confirm'),
      cancelText: t('listPage.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      onOk: async () => {
        await onDelete(selected);
        void message.success(t('listPage.deleted'));
        await afterDelete();
      },
    });
  };
}

/**
 * The shell's print view (/pdf/table-normal) with the rows on screen, as text. A print is the record on
 * paper: callers pass every column, whatever the screen has chosen to show.
 */
export function printRows<Row>(title: string, columns: ListColumn<Row>[], rows: readonly Row[]) {
  const text = (v: unknown) =>
    v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // What the cell shows (words, formatted money), else the stored value.
  const shown = (c: ListColumn<Row>, row: Row) => {
    const v = (row as Record<string, unknown>)[c.key];
    return (c.render && nodeText(c.render(v, row))) || text(v);
  };
  const printable = columns.filter((c) => typeof c.title === 'string');
  openPrintView({
    title,
    columns: printable.map((c) => ({ key: c.key, title: c.title as string })),
    rows: rows.map((row) => Object.fromEntries(printable.map((c) => [c.key, shown(c, row)]))),
  });
}
