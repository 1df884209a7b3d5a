import {
  ErrorCode,
  type ExportLanguage,
  fileRoutes,
  IMAGE_PATHS,
  IMAGE_UPLOAD,
  ImageRow,
  ImageUploadQuery,
  PUBLIC,
  SHEET_IMPORT_API,
  type TariffRow,
} from '@prepay/contracts';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.js';
import { defineFileRoute, defineUploadRoute, type RouteDef } from '../../http/route.js';
import { writeAudit } from '../../kernel/audit.js';
import { formatDateTime } from '../../lib/dates.js';
import { invalid, refuse } from '../../lib/domain-errors.js';
import { exportLanguage, headerOf, humanValue, nameOf, numberFormatOf } from '../../lib/export-labels.js';
import { streamExport } from '../../lib/export-stream.js';
import { assertWorkbookFile, SpreadsheetError, workbookStream } from '../../lib/xlsx.js';
import type { ImageService } from '../image/index.js';
import { type Dictionaries, loadDictionaries } from './dictionaries.js';
import { parseImportFile } from './sheet-import.js';
import { formatSteps, type Services, type SheetModule, sheetModules } from './sheets.js';

const attachment = (reply: FastifyReply, name: string) =>
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store');

/** Cell values as a spreadsheet wants them (steps as text; nothing secret is in a row to begin with). */
function exportCell(key: string, v: unknown): unknown {
  if (key === 'steps' || key === 'steps_New') return formatSteps(v as TariffRow['steps'] | null);
  if (v === null || v === undefined) return null;
  return v;
}

/** A cell as the user reads it: a coded value by its column's dictionary, else as humanValue words it. */
function exportValue(lang: ExportLanguage, mod: SheetModule, dicts: Dictionaries, key: string, v: unknown) {
  const dict = mod.exportAs?.[key]?.values;
  const names = dict ? dicts.get(dict) : undefined;
  if (names && v !== null && v !== undefined) return nameOf(names, lang, v) ?? v;
  return humanValue(lang, key, v, dict);
}

const stamp = (d: Date) => (formatDateTime(d) ?? '').replace(/[-: ]/g, '').slice(0, 14);

/**
 * Endpoints whose request or answer is a file: spreadsheet import/template/export per module, the
 * image upload (multipart) and the public image GET. Registered like every other route (http/route.ts).
 */
export function fileRouteDefs(deps: Deps, services: Services, images: ImageService): RouteDef[] {
  return [...sheetModules(services).flatMap((mod) => sheetRoutes(deps, mod)), ...imageFileRoutes(images)];
}

function imageFileRoutes(images: ImageService): RouteDef[] {
  const upload = defineUploadRoute({
    endpoint: IMAGE_UPLOAD,
    tag: 'Image',
    summary: 'Upload a PNG (≤ 2 MB) into a slot; query slot=loginBackground|receiptLogo',
    what: 'image',
    handler: async (file, ctx, request) => {
      const query = ImageUploadQuery.safeParse(request.query);
      if (!query.success) {
        throw invalid('slot must be loginBackground or receiptLogo', [
          { path: 'slot', message: 'invalid slot' },
        ]);
      }
      if (file.name && !/\.png$/i.test(file.name)) throw refuse('Only PNG images can be uploaded (.png)');
      return ImageRow.parse(await images.upload(ctx, query.data.slot, file.buf));
    },
  });
  const fetch = defineFileRoute({
    kind: 'file',
    method: 'GET',
    path: IMAGE_PATHS.file,
    // The login page shows the background before anyone signs in.
    permission: PUBLIC,
    tag: 'Image',
    summary: 'The image of a slot (public)',
    handler: async ({ request }, _ctx, reply) => {
      const { slot } = request.params as { slot: string };
      const image = await images.fetch(slot);
      if (!image) {
        return reply.code(404).send({
          code: ErrorCode.notFound,
          reason: 'No image uploaded',
          message: 'No image uploaded',
          result: null,
        });
      }
      const etag = `"${image.sha256}"`;
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .header('content-type', 'image/png')
        .header('etag', etag)
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  });
  return [upload, fetch];
}

function sheetRoutes(deps: Deps, mod: SheetModule): RouteDef[] {
  const paths = fileRoutes(mod.module);
  const importRows = defineUploadRoute({
    endpoint: SHEET_IMPORT_API[mod.module],
    tag: mod.title,
    summary: `Import ${mod.title} rows from an .xlsx file (all or nothing)`,
    what: 'file',
    handler: async (file, ctx) => {
      try {
        assertWorkbookFile(file.name, file.buf);
        const dicts = await loadDictionaries(
          deps.database.db,
          mod.columns.map((c) => c.values),
        );
        const { rows, labels } = await parseImportFile(file.buf, mod, dicts);
        return await mod.importRows(ctx, rows, labels);
      } catch (e) {
        if (e instanceof SpreadsheetError) throw refuse(e.message);
        throw e;
      }
    },
  });
  const template = defineFileRoute({
    kind: 'file',
    path: paths.template,
    permission: mod.writePermission,
    tag: mod.title,
    summary: `The ${mod.title} import template (.xlsx)`,
    handler: async (_input, _ctx, reply) => {
      const book = await workbookStream(
        mod.title,
        mod.columns.map((c) => ({ key: c.key, header: c.key })),
      );
      attachment(reply, `${mod.module}-import-template.xlsx`);
      void book.end({
        title: 'Columns',
        rows: [['Column', 'Meaning'], ...mod.columns.map((c) => [c.key, c.note])],
      });
      return reply.send(book.stream);
    },
  });
  return [importRows, template, exportRoute(deps, mod)];
}

/** The export: every row of the filter, titled and worded in the user's language. */
function exportRoute(deps: Deps, mod: SheetModule): RouteDef {
  return defineFileRoute({
    kind: 'file',
    path: fileRoutes(mod.module).export,
    permission: mod.readPermission,
    tag: mod.title,
    summary: `Export every ${mod.title} row matching the filter (.xlsx)`,
    body: mod.readSchema,
    // The export reads every page itself.
    fixedBody: { pageNumber: 1, pageSize: 1000 },
    handler: async ({ body, request }, ctx, reply) => {
      const filter = body as Record<string, unknown>;
      const now = deps.clock.now();
      const { db } = deps.database;
      // The read schema keeps only the filter: the language is read from the request as sent.
      const lang = exportLanguage((request.body as { lang?: unknown } | null)?.lang as string | undefined);
      const dicts = await loadDictionaries(
        db,
        Object.values(mod.exportAs ?? {}).map((a) => a.values),
      );
      return streamExport(request, reply, {
        title: mod.title,
        fileName: `${mod.module}-${stamp(now)}.xlsx`,
        columns: mod.exportColumns.map((key) => ({
          key,
          header: headerOf(lang, mod.exportAs?.[key]?.title ?? key),
          numFmt: numberFormatOf(key),
        })),
        read: (pageNumber, pageSize) => mod.read(db, { ...filter, pageNumber, pageSize }, ctx.user, now),
        row: (row) =>
          Object.fromEntries(
            mod.exportColumns.map((k) => [
              k,
              exportValue(lang, mod, dicts, k, exportCell(k, (row as Record<string, unknown>)[k])),
            ]),
          ),
        done: (total) =>
          writeAudit(db, ctx.actor, { title: mod.title, action: 'Export', content: `${total} rows` }),
      });
    },
  });
}
