import {
  type Endpoint,
  exportPath,
  type page,
  type RoutePermission,
  type reportPage,
} from '@prepay/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import {
  type AnswerOf,
  type AuthedContext,
  type BodyOf,
  defineFileRoute,
  defineRoute,
  type RouteDef,
} from '../../http/route.js';
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

/** A grid's endpoint: it answers a page of rows, with the report's scope where it states one. */
type GridEndpoint =
  | Endpoint<z.ZodType, ReturnType<typeof page<z.ZodObject>>>
  | Endpoint<z.ZodType, ReturnType<typeof reportPage<z.ZodObject>>>;

/** What a grid adds to its download beyond its endpoint, title and read. */
export interface GridExportOptions {
  /** Row fields left out of the download (lists the grid shows as tags). */
  notExported?: string[];
  /** Columns whose codes are read from another dictionary than their own key (export-labels.ts). */
  values?: Record<string, string>;
}

/**
 * Grids of one tag, each declared once: its route and its download share path, permission, request
 * and read. The download sits at contracts' exportPath of the grid's base (its path without a trailing
 * `/read`), and its columns are the row's fields.
 */
export function gridsWithExport(deps: Deps, shared: { tag: string }) {
  return <E extends GridEndpoint>(
    endpoint: E,
    title: string,
    read: (b: BodyOf<E>, ctx: AuthedContext) => Promise<AnswerOf<E>>,
    options: GridExportOptions = {},
  ): RouteDef[] => {
    const columns = Object.keys(endpoint.result.shape.data.element.shape).filter(
      (k) => !options.notExported?.includes(k),
    );
    return [
      defineRoute({ endpoint, tag: shared.tag, summary: title, handler: (b, ctx) => read(b, ctx) }),
      exportRoute(deps, {
        path: exportPath(endpoint.path.replace(/\/read$/, '')),
        permission: endpoint.permission,
        title,
        body: endpoint.request,
        columns,
        values: options.values,
        read: (b, ctx) => read(b as BodyOf<E>, ctx),
      }),
    ];
  };
}
