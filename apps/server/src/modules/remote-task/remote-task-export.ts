import { fileRoutes, RemoteTaskReadRequest, TASK_KINDS, TASK_ROUTES } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineFileRoute, type RouteDef } from '../../http/route.js';
import { writeAudit } from '../../kernel/audit.js';
import { exportLanguage, headerOf, humanValue } from '../../lib/export-labels.js';
import { streamExport } from '../../lib/export-stream.js';
import { readTasks, readTransparentTasks } from './remote-task.repo.js';

const COLUMNS = {
  common: ['id', 'customerId', 'customerName', 'meterId'],
  values: ['name', 'flag', 'dataPrefix', 'data'],
  frames: ['sendFrame', 'receiveFrame'],
  end: ['status', 'reason', 'attempts', 'createId', 'createDate', 'updateDate', 'stationId'],
};

/** The list's request; an export that names no language gets English (data item names, titles). */
const ExportRequest = RemoteTaskReadRequest.extend({ lang: RemoteTaskReadRequest.shape.lang.default('en') });

/** `/api/RemoteMeterTask/<kind>/export`: the task list's current filter, every page, as .xlsx. */
export function taskExportRoutes(deps: Deps): RouteDef[] {
  const db = deps.database.db;
  return TASK_KINDS.map((kind) => {
    const columns = [
      ...COLUMNS.common,
      ...(kind === 'transparent' ? COLUMNS.frames : COLUMNS.values),
      ...COLUMNS.end,
    ];
    return defineFileRoute({
      kind: 'file',
      path: fileRoutes(`RemoteMeterTask/${kind}`).export,
      permission: TASK_ROUTES[kind].recordKey,
      tag: 'RemoteMeterTask',
      summary: `Export ${kind} tasks (.xlsx)`,
      body: ExportRequest,
      handler: async ({ body, request }, ctx, reply) => {
        const stamp = deps.clock.now().toISOString().slice(0, 19).replace(/\D/g, '');
        // Titles and the task status in the user's language; the data item name comes in it already.
        const lang = exportLanguage(body.lang);
        const cell = (r: object, k: string) =>
          humanValue(lang, k, (r as Record<string, unknown>)[k], k === 'status' ? 'taskStatus' : k);
        return streamExport(request, reply, {
          title: `${kind} tasks`,
          fileName: `${kind}-tasks-${stamp}.xlsx`,
          columns: columns.map((key) => ({ key, header: headerOf(lang, key === 'id' ? 'taskId' : key) })),
          read: (pageNumber, pageSize): Promise<{ total: number; data: object[] }> => {
            const req = { ...body, pageNumber, pageSize };
            return kind === 'transparent'
              ? readTransparentTasks(db, req, ctx.user)
              : readTasks(db, req, ctx.user, kind);
          },
          row: (r) => Object.fromEntries(columns.map((k) => [k, cell(r, k)])),
          done: (total) =>
            writeAudit(db, ctx.actor, {
              title: 'RemoteMeterTask',
              action: 'Export',
              content: `${kind}: ${total} rows`,
            }),
        });
      },
    });
  });
}
