import multipart from '@fastify/multipart';
import {
  ErrorCode,
  fileRoutes,
  IMAGE_MAX_BYTES,
  IMPORT_MAX_BYTES,
  ImageRow,
  ImageUploadQuery,
  PUBLIC,
  type TariffRow,
} from '@prepay/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError, invalid, refuse } from '../../http/errors.js';
import { contextOf } from '../../http/route.js';
import { formatDateTime } from '../../lib/dates.js';
import { streamExport } from '../../lib/export-stream.js';
import { assertWorkbookFile, SpreadsheetError, workbookStream } from '../../lib/xlsx.js';
import { writeAudit } from '../audit/audit.js';
import type { ImageService } from '../image/image.service.js';
import { parseImportFile } from './sheet-import.js';
import { formatSteps, type Services, type SheetModule, sheetModules } from './sheets.js';

const ok = (result: unknown) => ({ code: 0, reason: 'success', message: 'success', result });

/** One uploaded file (field "file"), at most `max` bytes; a clear refusal for anything else. */
async function uploadedFile(request: FastifyRequest, max: number, what: string) {
  if (!request.isMultipart()) {
    throw refuse('Send the file as multipart/form-data in a field named "file"');
  }
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: max, files: 1, fields: 10 } });
  } catch {
    throw refuse('The upload could not be read: send one file as multipart/form-data');
  }
  if (!part) throw refuse('No file was sent (field "file")');
  try {
    const buf = await part.toBuffer();
    return { name: part.filename ?? '', buf };
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        200,
        ErrorCode.payloadTooLarge,
        `The ${what} is larger than ${max / 1024 / 1024} MB`,
      );
    }
    throw refuse('The upload could not be read');
  }
}

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

const stamp = (d: Date) => formatDateTime(d)!.replace(/[-: ]/g, '').slice(0, 14);

/**
 * Routes that are not JSON: spreadsheet import/template/export per module and the image upload (both
 * multipart), and the public image GET. They sit in their own scope so only they accept multipart.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  deps: Deps,
  services: Services,
  images: ImageService,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    for (const mod of sheetModules(services)) registerSheetRoutes(scope, deps, mod);

    scope.post(
      '/api/image/upload',
      {
        config: { permission: 'Setting.Image' },
        schema: {
          tags: ['Image'],
          summary: 'Upload a PNG (≤ 2 MB) into a slot; query slot=loginBackground|receiptLogo',
        },
      },
      async (request) => {
        const query = ImageUploadQuery.safeParse(request.query);
        if (!query.success) {
          throw invalid('slot must be loginBackground or receiptLogo', [
            { path: 'slot', message: 'invalid slot' },
          ]);
        }
        const ctx = contextOf(request);
        const file = await uploadedFile(request, IMAGE_MAX_BYTES, 'image');
        if (file.name && !/\.png$/i.test(file.name)) throw refuse('Only PNG images can be uploaded (.png)');
        return ok(ImageRow.parse(await images.upload(ctx, query.data.slot, file.buf)));
      },
    );
    scope.get(
      '/api/image/file/:slot',
      // The login page shows the background before anyone signs in.
      {
        config: { permission: PUBLIC },
        schema: { tags: ['Image'], summary: 'The image of a slot (public)' },
      },
      async (request, reply) => {
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
    );
  });
}

function registerSheetRoutes(app: FastifyInstance, deps: Deps, mod: SheetModule) {
  const paths = fileRoutes(mod.module);
  const tags = [mod.title];

  app.post(
    paths.importFile,
    {
      config: { permission: mod.writePermission },
      schema: { tags, summary: `Import ${mod.title} rows from an .xlsx file (all or nothing)` },
    },
    async (request) => {
      const ctx = contextOf(request);
      const file = await uploadedFile(request, IMPORT_MAX_BYTES, 'file');
      try {
        assertWorkbookFile(file.name, file.buf);
        const { rows, labels } = await parseImportFile(file.buf, mod);
        const result = await mod.importRows(ctx, rows, labels);
        return ok(result);
      } catch (e) {
        if (e instanceof SpreadsheetError) throw refuse(e.message);
        throw e;
      }
    },
  );

  app.post(
    paths.template,
    {
      config: { permission: mod.writePermission },
      schema: { tags, summary: `The ${mod.title} import template (.xlsx)` },
    },
    async (_request, reply) => {
      const book = workbookStream(
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
  );

  app.post(
    paths.export,
    {
      config: { permission: mod.readPermission },
      schema: { tags, summary: `Export every ${mod.title} row matching the filter (.xlsx)` },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const parsed = mod.readSchema.safeParse({
        ...((request.body as object | undefined) ?? {}),
        pageNumber: 1,
        pageSize: 1000,
      });
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw invalid(
          `Validation failed: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
          errors,
        );
      }
      const body = parsed.data as Record<string, unknown>;
      const now = deps.clock.now();
      const { db } = deps.database;
      return streamExport(request, reply, {
        title: mod.title,
        fileName: `${mod.module}-${stamp(now)}.xlsx`,
        columns: mod.exportColumns.map((key) => ({ key })),
        read: (pageNumber, pageSize) =>
          mod.read(db, { ...body, pageNumber, pageSize } as never, ctx.user, now),
        row: (row) =>
          Object.fromEntries(
            mod.exportColumns.map((k) => [k, exportCell(k, (row as Record<string, unknown>)[k])]),
          ),
        done: (total) =>
          writeAudit(db, ctx.actor, { title: mod.title, action: 'Export', content: `${total} rows` }),
      });
    },
  );
}
