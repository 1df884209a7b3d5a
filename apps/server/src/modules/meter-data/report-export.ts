import type { RoutePermission } from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { type AuthedContext, defineFileRoute, type RouteDef } from '../../http/route.js';
import { writeAudit } from '../../kernel/audit.js';
import { exportLanguage, headerOf, humanValue, numberFormatOf } from '../../lib/export-labels.js';
import { streamExport } from '../../lib/export-stream.js';

/** A report or data grid that can also be downloaded whole as .xlsx. */
export interface ExportableRead<S extends z.ZodType, R> {
  /** The download's path: contracts' exportPath of the grid's base. */
  path: string;
  permission: RoutePermission;
  title: string;
  body: S;
  columns: string[];
  /** Columns whose codes are read from another dictionary than their own key (export-labels.ts). */
  values?: Record<string, string>;
  read: (req: z.infer<S>, ctx: AuthedContext) => Promise<{ total: number; data: R[] }>;
}

/** The download: the same filter and sort as the grid, every page, one audit row. */
export function exportRoute<S extends z.ZodType, R extends object>(
  deps: Deps,
  e: ExportableRead<S, R>,
): RouteDef {
  return defineFileRoute({
    kind: 'file',
    path: e.path,
    permission: e.permission,
    tag: 'Export',
    summary: `Export ${e.title} (.xlsx)`,
    body: e.body,
    handler: async ({ body, request }, ctx, reply) => {
      const stamp = deps.clock.now().toISOString().slice(0, 19).replace(/\D/g, '');
      // Named by the two path segments before /export (`DailyDataMeter-readMonthly-<stamp>.xlsx`).
      const name = e.path.split('/').filter(Boolean).slice(-3, -1).join('-');
      // Titles and coded values in the user's language (the body's lang, as the grid sends it).
      const lang = exportLanguage((body as { lang?: string }).lang);
      const cell = (r: R, k: string) => humanValue(lang, k, (r as Record<string, unknown>)[k], e.values?.[k]);
      return streamExport(request, reply, {
        title: e.title,
        fileName: `${name}-${stamp}.xlsx`,
        columns: e.columns.map((key) => ({
          key,
          header: headerOf(lang, key),
          numFmt: numberFormatOf(key),
        })),
        read: (pageNumber, pageSize) =>
          e.read({ ...(body as object), pageNumber, pageSize } as z.infer<S>, ctx),
        row: (r) => Object.fromEntries(e.columns.map((k) => [k, cell(r, k)])),
        done: (total) =>
          writeAudit(deps.database.db, ctx.actor, {
            title: e.title,
            action: 'Export',
            content: `${total} rows`,
          }),
      });
    },
  });
}
