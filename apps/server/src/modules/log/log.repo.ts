import type { LogRow } from '@prepay/contracts';
import { desc } from 'drizzle-orm';
import type { z } from 'zod';
import { auditLogs } from '../../db/schema.js';
import { gridPage, type ReadSpec, sortableBy } from '../../kernel/read-query.js';
import { formatDateTime } from '../../lib/dates.js';

const spec: ReadSpec = {
  sortable: sortableBy(auditLogs, ['logId', 'title', 'action', 'userId', 'ipAddress', 'createDate']),
  defaultOrder: [desc(auditLogs.logId)],
  search: [auditLogs.title, auditLogs.action, auditLogs.content, auditLogs.userId],
  createDate: auditLogs.createDate,
  station: auditLogs.stationId,
  filters: { contains: ['title', 'action', 'userId', 'ipAddress'] },
};

function toLogRow(r: typeof auditLogs.$inferSelect): z.infer<typeof LogRow> {
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
}

/** A page of the audit trail: the common filters, the text filters, newest first unless asked. */
export const readLogs = gridPage(auditLogs, spec, toLogRow);
