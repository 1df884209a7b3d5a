import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SheetColumn, workbookStream } from './xlsx.js';

const PAGE = 1000;

/**
 * Streams every row a paged read returns as one .xlsx download. The first page is read before any byte
 * is sent, so a bad filter still gets a JSON error; later pages are fetched as the sheet is written.
 */
export async function streamExport<R>(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    title: string;
    fileName: string;
    columns: SheetColumn[];
    read: (pageNumber: number, pageSize: number) => Promise<{ total: number; data: R[] }>;
    row: (r: R) => Record<string, unknown>;
    /** Runs after the last row is written, before the file ends (e.g. the audit row). */
    done?: (total: number) => Promise<void>;
  },
) {
  const first = await opts.read(1, PAGE);
  const book = await workbookStream(opts.title, opts.columns);
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${opts.fileName}"`)
    .header('cache-control', 'no-store');
  void (async () => {
    try {
      let page = first;
      for (let n = 2; ; n++) {
        for (const r of page.data) book.add(opts.row(r));
        if (page.data.length < PAGE) break;
        page = await opts.read(n, PAGE);
      }
      // Audited before the file ends: a client that has the whole file finds the export in the log.
      await opts.done?.(first.total);
      await book.end();
    } catch (e) {
      request.log.error({ err: e }, 'export failed');
      book.fail(e as Error);
    }
  })();
  return reply.send(book.stream);
}
