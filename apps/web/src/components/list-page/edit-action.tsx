import type { ReactNode } from 'react';
import { i18n } from '../../lib/i18n';

/**
 * A row's action, drawn as antd's small link button (list-page.css) but as a plain button: an antd
 * Button per row (wave effect, compact-space and form contexts, its own style hooks) made a long grid's
 * first render noticeably slower.
 */
export function RowAction(props: {
  children: ReactNode;
  onClick: () => void;
  testId: string;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={props.danger ? 'list-row-action danger' : 'list-row-action'}
      data-testid={props.testId}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

/**
 * The "Edit" link of a grid's Actions column, the same on every list page. It reads the label from
 * the i18n instance rather than subscribing with useTranslation once per row: the grid redraws its
 * cells when the language changes anyway.
 */
export function EditAction({ onClick }: { onClick: () => void }) {
  return (
    <RowAction testId="row-edit" onClick={onClick}>
      {i18n.t('listPage.edit')}
    </RowAction>
  );
}
