import { PrinterOutlined } from '@ant-design/icons';
import { Button, Empty, Segmented } from 'antd';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { parseTime } from '../../lib/format';
import { readPrintPayload } from '../../lib/print';
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

/**
 * R5: the hidden print view for receipts and tables, without the layout. The data comes from route
 * state or, when opened in a new tab, from sessionStorage (lib/print.ts).
 */
export default function TableNormalPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const payload = readPrintPayload(location.state);
  const [logoFailed, setLogoFailed] = useState(false);
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
      <div className="print-toolbar">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('print.print')}
        </Button>
        {payload.receipt && (
          <Segmented<Paper>
            data-testid="print-paper"
            value={paper}
            onChange={setPaper}
            options={PAPERS.map((p) => ({ value: p, label: p === 'A4' ? 'A4' : `${p} mm` }))}
          />
        )}
      </div>
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
      <h1>{payload.title}</h1>
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
      {payload.columns && payload.rows && (
        <>
          <table className="print-table">
            <thead>
              <tr>
                {payload.columns.map((c) => (
                  <th key={c.key}>{c.title}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {payload.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: printed rows are static and may repeat.
                <tr key={i}>
                  {payload.columns?.map((c) => (
                    <td key={c.key}>{row[c.key] ?? ''}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p>{t('print.total', { count: payload.rows.length })}</p>
        </>
      )}
      {payload.signatures && (
        <div className="print-signatures">
          {payload.signatures.map((s) => (
            <div key={s} className="print-signature">
              <span>{s}</span>
            </div>
          ))}
        </div>
      )}
      <p className="print-footer">
        {t('print.printedAt')}: {parseTime(new Date())}
      </p>
    </div>
  );
}
