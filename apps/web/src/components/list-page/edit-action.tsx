import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A row's action, drawn as antd's small link button (list-page.css) but as a plain button: an antd
 * Button per row (wave effect, compact-space and form contexts, its own style hooks) made a long grid's
 * first render noticeably slower (issue 17).
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

/** The "Edit" link of a grid's Actions column, the same on every list page. */
export function EditAction({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <RowAction testId="row-edit" onClick={onClick}>
      {t('listPage.edit')}
    </RowAction>
  );
}
