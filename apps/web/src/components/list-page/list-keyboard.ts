import type { InputRef } from 'antd';
import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Runs `run` once the frame showing the current commit is painted (a task after the next animation
 * frame); returns its cancel.
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof window.requestAnimationFrame !== 'function') {
    timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const frame = window.requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The search box has focus once the page is on screen; "/" (outside a text field) or F2 (anywhere
 * outside a dialog) puts it back there. Focusing in the commit that mounts the page would force the
 * browser to lay the whole new page out before it paints it; after the paint, and without scrolling,
 * it finds the style and layout done.
 */
export function useSearchShortcut(on: boolean | undefined, ref: RefObject<InputRef | null>) {
  useEffect(() => {
    if (!on) return;
    const cancelFocus = afterPaint(() => ref.current?.focus({ preventScroll: true }));
    const onKey = (e: KeyboardEvent) => {
      const el = e.target instanceof HTMLElement ? e.target : null;
      if (el?.closest('.ant-modal-wrap, .ant-modal')) return;
      const typing = el?.closest('input, textarea, select, [contenteditable="true"]');
      if (e.key === 'F2' || (e.key === '/' && !typing)) {
        e.preventDefault();
        ref.current?.focus({ cursor: 'all' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      cancelFocus();
      window.removeEventListener('keydown', onKey);
    };
  }, [on, ref]);
}

/** ↑/↓ on a row action moves to the same action of the row above/below. */
export function moveBetweenRows(e: ReactKeyboardEvent<HTMLDivElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const el = e.target instanceof HTMLElement ? e.target : null;
  const row = el?.closest('tr.ant-table-row');
  if (!el || !row || !el.closest('.list-row-actions')) return;
  const sibling = e.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
  const next = sibling?.querySelector<HTMLElement>('.list-row-actions button');
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

/**
 * Enter in the search box of a keyboard-first grid: once the read it started has settled, focus goes
 * to the first row's action. `arm` is called on Enter; `settled` says the read is done.
 */
export function useFocusFirstRowAfterSearch(settled: boolean) {
  const tableRef = useRef<HTMLDivElement>(null);
  const focusFirstRow = useRef(false);
  const [searchTick, setSearchTick] = useState(0);
  useEffect(() => {
    if (searchTick === 0 || !focusFirstRow.current || !settled) return;
    focusFirstRow.current = false;
    tableRef.current?.querySelector<HTMLElement>('tr.ant-table-row .list-row-actions button')?.focus();
  }, [settled, searchTick]);
  const arm = (keyboard: boolean | undefined) => {
    focusFirstRow.current = Boolean(keyboard);
    setSearchTick((n) => n + 1);
  };
  return { tableRef, arm };
}
