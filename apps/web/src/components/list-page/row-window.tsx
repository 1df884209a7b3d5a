import {
  createContext,
  type HTMLAttributes,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { whenIdle } from '../../lib/when-idle';

/**
 * The least height of a row of the small bordered grid (8 px of padding a side, a 22 px line, its
 * border). Reckoning rows at their least height draws at least every row the window shows.
 */
export const ROW_PX = 39;
/** Rows drawn beyond the window's bottom edge, so a short scroll shows drawn rows. */
const OVERSCAN = 3;
/** Rows drawn per idle callback once the rows on screen are there. */
const IDLE_CHUNK = 20;

/**
 * Where the first row of the last grid on screen began, in document coordinates. Every list page has
 * the same shell, card title and toolbar above its grid, so the grid a click opens starts about where
 * the last one did. Taken from an IntersectionObserver entry: never a forced layout.
 */
let lastFirstRowTop: number | undefined;

/** How many rows, from the first, the window can show with the grid at `top` and the page scrolled by `scrollY`. */
export function rowsOnScreen(top: number | undefined, scrollY: number, viewport: number): number {
  return Math.max(0, Math.ceil((scrollY + viewport - (top ?? 0)) / ROW_PX)) + OVERSCAN;
}

interface RowWindow {
  /** Rows with an index below it have their cells; the rest are empty rows of a row's least height. */
  drawn: number;
  columns: number;
  /** Given to the first row: reports where it sits. */
  firstRowRef: (el: HTMLTableRowElement | null) => void;
}

const RowWindowContext = createContext<RowWindow | null>(null);

/**
 * Which rows of the page to draw: the click's render draws those on screen; scrolling draws those it
 * brings into view at once; the others are drawn a chunk per idle callback after that, so that finding
 * in the page, printing from the DOM and the arrow keys soon see every row.
 */
function useDrawnRows(rows: readonly unknown[]): number {
  const [drawn, setDrawn] = useState(() => rowsOnScreen(lastFirstRowTop, 0, window.innerHeight));
  // Another page of rows starts again from the rows on screen.
  const [shown, setShown] = useState(rows);
  if (shown !== rows) {
    setShown(rows);
    setDrawn(rowsOnScreen(lastFirstRowTop, window.scrollY, window.innerHeight));
  }
  useEffect(() => {
    if (drawn >= rows.length) return;
    return whenIdle(() => setDrawn((d) => d + IDLE_CHUNK));
  }, [drawn, rows]);
  useEffect(() => {
    const onScroll = () => {
      const wanted = rowsOnScreen(lastFirstRowTop, window.scrollY, window.innerHeight);
      setDrawn((d) => Math.max(d, wanted));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return drawn;
}

/** Notes where the grid's first row sits, from an IntersectionObserver's entry (no forced layout). */
function useFirstRowRef() {
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback((el: HTMLTableRowElement | null) => {
    observer.current?.disconnect();
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const o = new IntersectionObserver(([entry]) => {
      o.disconnect();
      if (entry) lastFirstRowTop = entry.boundingClientRect.top + window.scrollY;
    });
    o.observe(el);
    observer.current = o;
  }, []);
}

/** Provides the row window of a grid showing `rows` in `columns` columns to its rows. */
export function RowWindowProvider({
  rows,
  columns,
  children,
}: {
  rows: readonly unknown[];
  columns: number;
  children: ReactNode;
}) {
  const drawn = useDrawnRows(rows);
  const firstRowRef = useFirstRowRef();
  const value = useMemo(() => ({ drawn, columns, firstRowRef }), [drawn, columns, firstRowRef]);
  return <RowWindowContext.Provider value={value}>{children}</RowWindowContext.Provider>;
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-index'?: number };

/**
 * The grid's body row: its cells when it is drawn, else one empty cell of a row's least height. The
 * row itself (key, class, selection state) is always there, so counting rows is unchanged.
 */
export function WindowRow({ 'data-row-index': index, children, ...props }: RowProps) {
  const win = useContext(RowWindowContext);
  if (!win || index === undefined) return <tr {...props}>{children}</tr>;
  const ref = index === 0 ? win.firstRowRef : undefined;
  if (index < win.drawn)
    return (
      <tr {...props} ref={ref}>
        {children}
      </tr>
    );
  return (
    <tr {...props} data-later="">
      <td className="list-row-later" colSpan={win.columns} style={{ height: ROW_PX }} />
    </tr>
  );
}

/** The grid's row props: each row's index, for the row window. */
export const rowIndexProps = (_row: unknown, index?: number) =>
  ({ 'data-row-index': index }) as HTMLAttributes<HTMLElement>;

/** The grid's body components: rows drawn by the window. */
export const WINDOWED_BODY = { body: { row: WindowRow } };
