import type { ReportScope } from '@prepay/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListPageProps } from '../../components/list-page/list-page';
import { listKey } from '../../components/list-page/list-query';
import { useBasicInformation } from '../../components/vending/vending';
import { formatNumber } from '../../lib/format';
import { currentLanguage, type Language } from '../../lib/i18n';

/** The report the line speaks for: what its coverage counts. */
export type ScopeKind = 'consumption' | 'lowPurchase' | 'longNonpurchase' | 'debtSituation';

const day = (wire: string | null) => (wire ? wire.slice(0, 10) : null);

/** The period as the user reads it: both days, one open end, or "all dates". */
export function periodText(t: TFunction, scope: Pick<ReportScope, 'from' | 'to'>): string {
  const [from, to] = [day(scope.from), day(scope.to)];
  if (from && to) return t('report.scope.period', { from, to });
  if (from) return t('report.scope.since', { from });
  if (to) return t('report.scope.until', { to });
  return t('report.scope.allDates');
}

/** One sentence: the period, the limit (where one applies) and the coverage, with the user's separators. */
export function scopeText(
  t: TFunction,
  kind: ScopeKind,
  scope: ReportScope,
  lang: Language,
  currency: string,
): string {
  const n = (v: number, places = 0) => formatNumber(v, places, lang);
  const parts = [periodText(t, scope)];
  if (kind === 'lowPurchase') {
    parts.push(
      scope.threshold === null
        ? t('report.scope.noThreshold')
        : t('report.scope.threshold', { limit: n(scope.threshold, 2), currency }),
    );
  }
  if (kind === 'longNonpurchase') {
    parts.push(
      scope.threshold === null
        ? t('report.scope.noDays')
        : t('report.scope.days', { count: scope.threshold, days: n(scope.threshold) }),
    );
  }
  parts.push(t(`report.scope.${kind}Covers`, { covered: n(scope.covered), of: n(scope.of) }));
  return parts.join(' · ');
}

/**
 * The answer of the grid `resource` shows now: the newest answer among its queries on screen. Read from
 * the query cache, so the scope comes with the rows and costs no second read.
 */
export function useListAnswer<T>(resource: string): T | undefined {
  const client = useQueryClient();
  const last = useRef<T | undefined>(undefined);
  const subscribe = useCallback((notify: () => void) => client.getQueryCache().subscribe(notify), [client]);
  const read = useCallback(() => {
    const [shown] = client
      .getQueryCache()
      .findAll({ queryKey: listKey(resource), type: 'active' })
      .filter((q) => q.state.data !== undefined)
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
    // While a new filter's rows load, the line keeps stating the rows still on screen.
    if (shown) last.current = shown.state.data as T;
    return last.current;
  }, [client, resource]);
  return useSyncExternalStore(subscribe, read, read);
}

/** The line above a report: what its figures stand on. */
export function ReportScopeLine({ kind, scope }: { kind: ScopeKind; scope: ReportScope | undefined }) {
  const { t } = useTranslation();
  const currency = useBasicInformation().data?.currency ?? '';
  if (!scope) return null;
  return (
    <Typography.Text
      type="secondary"
      data-testid="report-scope"
      style={{ display: 'block', marginBottom: 8 }}
    >
      {scopeText(t, kind, scope, currentLanguage(), currency)}
    </Typography.Text>
  );
}

/** A report's grid under the line that states its scope, taken from the grid's own answer. */
export function ScopedReport<Row extends object>({
  kind,
  ...grid
}: ListPageProps<Row> & { kind: ScopeKind }) {
  const answer = useListAnswer<{ scope?: ReportScope }>(grid.resource);
  return (
    <>
      <ReportScopeLine kind={kind} scope={answer?.scope} />
      <ListPage<Row> {...grid} />
    </>
  );
}
