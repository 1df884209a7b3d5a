import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './error-pages.css';

/** The 404 and 401 pages' card: the code, "Oops!", what happened, and the way out. */
export function ErrorCard(props: { code: 404 | 401; headline: string; info: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="error-page" data-testid={`page-${props.code}`}>
      <div className="error-page-card">
        <p className="error-page-code">{props.code}</p>
        <p className="error-page-oops">{t('errorPages.oops')}</p>
        <p className="error-page-headline">{props.headline}</p>
        <p className="error-page-info">{props.info}</p>
        {props.children}
      </div>
    </div>
  );
}
