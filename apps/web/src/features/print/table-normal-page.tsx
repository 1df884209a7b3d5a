import { PrinterOutlined } from '@ant-design/icons';
import { Button, Empty, Segmented } from 'antd';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { parseTime } from '../../lib/format';
import { type PrintPayload, readPrintPayload } from '../../lib/print';
import './print.css';

/** Receipt paper: thermal rolls of 58 and 80 mm, or an A4 sheet. */
type Paper = '58' | '80' | 'A4';
const PAPERS: Paper[] = ['58', '80', 'A4'];
const PAGE_SIZE: Record<Paper, string> = { '58': '58mm auto', '80': '80mm auto', A4: 'A4' };

/** The token as five groups that each stay on one line (a break may fall only between groups). */
function TokenGroups({ token, label }: { token: string; label?: string }) {
  return (
    <div className="print-token" data-testid="print-token">
      {label && <div className="print-token-label">{label}</div>}
      {token.split(' ').map((g, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups are ordered and may repeat.
        <Fragment key={i}>
          {i > 0 && ' '}
          <span className="print-token-group">{g}</span>
        </Fragment>
      ))}
    </div>
  );
}

/** The toolbar: Print, and the paper for a receipt (it sets the page size the printer gets). */
function PrintToolbar({ paper, onPaper }: { paper: Paper | null; onPaper: (p: Paper) => void }) {
  const { t } = useTranslation();
  return (
    <div className="print-toolbar">
      <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
        {t('print.print')}
      </Button>
      {paper && (
        <Segmented<Paper>
          data-testid="print-paper"
          value={paper}
          onChange={onPaper}
          options={PAPERS.map((p) => ({ value: p, label: p === 'A4' ? 'A4' : `${p} mm` }))}
        />
      )}
    </div>
  );
}

/** Marks (COPY, CANCELLED), the logo or, when it fails to load, the brand name, and the company. */
function PrintHeader({ payload }: { payload: PrintPayload }) {
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <>
      {payload.marks?.map((m) => (
        <div key={m} className="print-mark" data-testid="print-mark">
          {m}
        </div>
      ))}
      {payload.logoUrl && !logoFailed && (
        <img
          className="print-logo"
          src={payload.logoUrl}
          alt={payload.logoAlt ?? ''}
          onError={() => setLogoFailed(true)}
        />
      )}
      {payload.logoUrl && logoFailed && payload.logoAlt && (
        <div className="print-brand">{payload.logoAlt}</div>
      )}
      {payload.company && <div className="print-company">{payload.company}</div>}
    </>
  );
}

type PrintColumns = NonNullable<PrintPayload['columns']>;
type PrintRows = NonNullable<PrintPayload['rows']>;

function PrintTable({ columns, rows }: { columns: PrintColumns; rows: PrintRows }) {
  const { t } = useTranslation();
  return (
    <>
      <table className="print-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key}>{c.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: printed rows are static and may repeat.
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.key}>{row[c.key] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('print.total', { count: rows.length })}</p>
    </>
  );
}

/** Label–value lines, the token, the table and the signature boxes, as the payload has them. */
function PrintBody({ payload }: { payload: PrintPayload }) {
  return (
    <>
      {payload.lines && (
        <dl className="print-lines">
          {payload.lines.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {payload.token && <TokenGroups token={payload.token} label={payload.tokenLabel} />}
      {payload.columns && payload.rows && <PrintTable columns={payload.columns} rows={payload.rows} />}
      {payload.signatures && (
        <div className="print-signatures">
          {payload.signatures.map((s) => (
            <div key={s} className="print-signature">
              <span>{s}</span>
            </div>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * R5: the hidden print view for receipts and tables, without the layout. The data comes from route
 * state or, when opened in a new tab, from sessionStorage (lib/print.ts).
 */
export default function TableNormalPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const payload = readPrintPayload(location.state);
  const [paper, setPaper] = useState<Paper>(() => {
    const asked = new URLSearchParams(location.search).get('paper');
    return PAPERS.find((p) => p === asked) ?? '80';
  });

  if (!payload) {
    return (
      <div className="print-page">
        <Empty description={t('print.nothingToPrint')} />
      </div>
    );
  }

  return (
    <div
      className={payload.receipt ? `print-page print-receipt print-paper-${paper}` : 'print-page'}
      data-testid="print-view"
      data-paper={payload.receipt ? paper : undefined}
    >
      {payload.receipt && <style>{`@page { size: ${PAGE_SIZE[paper]}; margin: 4mm; }`}</style>}
      <PrintToolbar paper={payload.receipt ? paper : null} onPaper={setPaper} />
      <PrintHeader payload={payload} />
      <h1>{payload.title}</h1>
      <PrintBody payload={payload} />
      <p className="print-footer">
        {t('print.printedAt')}: {parseTime(new Date())}
      </p>
    </div>
  );
}
