import { LogReadRequest, LogRow, page } from '@prepay/contracts';
import { desc } from 'drizzle-orm';
import { auditLogs } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { formatDateTime } from '../../lib/dates.js';
import { allOf, commonConditions, contains, type ReadSpec, readTable } from '../../lib/read-query.js';

const spec: ReadSpec = {
  sortable: {
    logId: auditLogs.logId,
    title: auditLogs.title,
    action: auditLogs.action,
    userId: auditLogs.userId,
    ipAddress: auditLogs.ipAddress,
    createDate: auditLogs.createDate,
  },
  defaultOrder: [desc(auditLogs.logId)],
  search: [auditLogs.title, auditLogs.action, auditLogs.content, auditLogs.userId],
  createDate: auditLogs.createDate,
  station: auditLogs.stationId,
};

export function logRoutes(deps: Deps): RouteDef[] {
  const { db } = deps.database;
  return [
    defineRoute({
      path: '/api/Log/read',
      permission: 'Setting.Log',
      tag: 'Log',
      summary: 'The audit trail (read-only)',
      body: LogReadRequest,
      result: page(LogRow),
      handler: async (b, ctx) => {
        const where = allOf([
          ...commonConditions(spec, b, ctx.user),
          contains(auditLogs.title, b.title),
          contains(auditLogs.action, b.action),
          contains(auditLogs.userId, b.userId),
          contains(auditLogs.ipAddress, b.ipAddress),
        ]);
        return readTable(db, auditLogs, where, spec, b, (r) => {
          // create_date is NOT NULL: the fallback is never used.
          const createDate = formatDateTime(r.createDate) ?? '';
          return {
            logId: r.logId,
            title: r.title,
            action: r.action,
            content: r.content,
            contentBefore: r.contentBefore,
            contentAfter: r.contentAfter,
            ipAddress: r.ipAddress,
            userId: r.userId,
            stationId: r.stationId,
            createId: r.userId,
            createDate,
            // Log rows are never updated: like the original, the update fields repeat the creation.
            updateId: r.userId,
            updateDate: createDate,
            remark: null,
          };
        });
      },
    }),
  ];
}
