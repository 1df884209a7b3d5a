import { useCallback, useMemo, useState } from 'react';
import { sessionStore } from '../../lib/session';
import type { ListColumn } from './list-page-props';

/** The user's own choices over the page's defaults: column key → shown. */
export type ColumnChoice = Record<string, boolean>;

const storageKey = (user: string, page: string) => `prepay.columns.${user}.${page}`;

function load(key: string): ColumnChoice {
  try {
    const raw = localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as ColumnChoice) : {};
  } catch {
    return {};
  }
}

function save(key: string, choice: ColumnChoice) {
  try {
    if (Object.keys(choice).length) localStorage.setItem(key, JSON.stringify(choice));
    else localStorage.removeItem(key);
  } catch {
    // A full or blocked storage only loses the choice for the next visit.
  }
}

/** Whether a column shows: the user's choice, else its declaration (optional columns start hidden). */
export const isShown = <Row>(c: ListColumn<Row>, choice: ColumnChoice) => choice[c.key] ?? !c.optional;

/**
 * The columns the user shows on this page, remembered per user and page in the browser: a page declares
 * the columns an operator decides by, the chooser adds or removes the rest.
 */
export function useColumnChoice<Row>(page: string, columns: ListColumn<Row>[]) {
  const user = sessionStore.use((s) => s.info?.userId ?? '');
  const key = storageKey(user, page);
  const [state, setState] = useState(() => ({ key, choice: load(key) }));
  const choice = state.key === key ? state.choice : load(key);
  const shown = useMemo(() => columns.filter((c) => isShown(c, choice)), [columns, choice]);
  const toggle = useCallback(
    (columnKey: string, show: boolean) => {
      const column = columns.find((c) => c.key === columnKey);
      const next = { ...choice };
      if (column && show === !column.optional) delete next[columnKey];
      else next[columnKey] = show;
      save(key, next);
      setState({ key, choice: next });
    },
    [columns, choice, key],
  );
  const reset = useCallback(() => {
    save(key, {});
    setState({ key, choice: {} });
  }, [key]);
  return { shown, choice, toggle, reset };
}
