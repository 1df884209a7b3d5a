import type { LogRow } from '@prepay/contracts';
import type { TFunction } from 'i18next';

/** "SeedDemoHistory" → "Seed Demo History": a code no catalogue names yet, at least in words. */
export const spaced = (code: string) => code.replace(/([a-z])([A-Z])/g, '$1 $2').trim();

/** A log row's object (the audited table or feature) in the user's language. */
export const logObject = (t: TFunction, title: string) =>
  t(`setting.log.objects.${title.replace(/[ .]/g, '')}`, { defaultValue: spaced(title) });

/** A log row's action in the user's language. */
export const logAction = (t: TFunction, action: string) =>
  t(`setting.log.actions.${action.replace(/[ .]/g, '')}`, { defaultValue: spaced(action) });

/** How many records the row's after (or before) content holds: a JSON array's length, else one. */
function records(row: Pick<LogRow, 'contentBefore' | 'contentAfter'>): number {
  const text = row.contentAfter ?? row.contentBefore;
  if (!text) return 0;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.length : 1;
  } catch {
    return 1;
  }
}

/** One sentence for the row in place of its JSON: who did what to which object, and to how many. */
export function logSummary(t: TFunction, row: LogRow): string {
  const count = records(row);
  return t(count > 1 ? 'setting.log.summaryMany' : 'setting.log.summary', {
    user: row.userId ?? t('setting.log.system'),
    action: logAction(t, row.action),
    object: logObject(t, row.title),
    count,
  });
}
