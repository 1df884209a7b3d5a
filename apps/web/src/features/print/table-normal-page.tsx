import { PrinterOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { parseTime } from '../../lib/format';
import { readPrintPayload } from '../../lib/print';
import './print.css';

/**
 * R5: the hidden print view for receipts and tables, without the layout. The data comes from route
 * state or, when opened in a new tab, from sessionStorage (lib/print.ts).
 */
export default function TableNormalPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const payload = readPrintPayload(location.state);
  const [logoFailed, setLogoFailed] = useState(false);

  if (!payload) {
    return (
      <div className="print-page">
        <Empty description={t('print.nothingToPrint')} />
      </div>
    );
  }

  return (
    <div className={payload.receipt ? 'print-page print-receipt' : 'print-page'} data-testid="print-view">
      <div className="print-toolbar">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('print.print')}
        </Button>
      </div>
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
      <p className="print-footer">
        {t('print.printedAt')}: {parseTime(new Date())}
      </p>
    </div>
  );
}
