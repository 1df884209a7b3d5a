import {
  AUTHENTICATED,
  page,
  StationDeleteRequest,
  StationReadRequest,
  StationRequest,
  StationRow,
  writeBody,
} from '@prepay/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { stations, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { type AuthedContext, defineRoute, type RouteDef } from '../../http/route.js';
import { formatDateTime } from '../../lib/dates.js';
import { forbidden, notFound, refuse } from '../../lib/domain-errors.js';
import { duplicateKeys } from '../../lib/duplicates.js';
import { allOf, commonConditions, contains, type ReadSpec, readTable } from '../../lib/read-query.js';
import { auditEach, writeAudit } from '../audit/audit.js';

const spec: ReadSpec = {
  sortable: { stationId: stations.stationId, name: stations.name, createDate: stations.createDate },
  defaultOrder: [asc(stations.stationId)],
  search: [stations.stationId, stations.name, stations.remark],
  createDate: stations.createDate,
  updateDate: stations.updateDate,
  station: stations.stationId,
};

const toRow = (s: typeof stations.$inferSelect): z.infer<typeof StationRow> => ({
  stationId: s.stationId,
  name: s.name,
  isSystem: s.isSystem,
  remark: s.remark,
  createId: s.createId,
  createDate: formatDateTime(s.createDate),
  updateId: s.updateId,
  updateDate: formatDateTime(s.updateDate ?? s.createDate),
});

async function load(q: Queryable, ids: string[]) {
  if (!ids.length) return [];
  return (await q.select().from(stations).where(inArray(stations.stationId, ids))).map(toRow);
}

/** Stations are sites; only system administrators create, rename or delete them. */
function assertSystemAdmin(ctx: AuthedContext) {
  if (!ctx.user.isSystemAdmin) throw forbidden('Only a system administrator manages stations');
}

export function stationRoutes(deps: Deps): RouteDef[] {
  const { db } = deps.database;
  const tag = 'Station';
  const permission = 'Setting.Station' as const;

  async function write(
    ctx: AuthedContext,
    rows: z.infer<typeof StationRequest>[],
    action: 'Create' | 'Import' | 'Update',
  ) {
    assertSystemAdmin(ctx);
    const dup = duplicateKeys(rows.map((r) => r.stationId));
    if (dup.length) throw refuse(`The request has duplicate lines: ${dup.join(', ')}`);
    return db.transaction(async (tx) => {
      const ids = rows.map((r) => r.stationId);
      const before = await load(tx, ids);
      const adding = action !== 'Update';
      if (adding && before.length) {
        throw refuse(`Station already exists: ${before.map((b) => b.stationId).join(', ')}`);
      }
      if (action === 'Update' && before.length !== ids.length) {
        throw notFound(`Station ${ids.filter((id) => !before.some((b) => b.stationId === id)).join(', ')}`);
      }
      const now = deps.clock.now();
      for (const r of rows) {
        if (adding) {
          await tx
            .insert(stations)
            .values({ ...r, remark: r.remark ?? null, createId: ctx.user.userId, createDate: now });
        } else {
          await tx
            .update(stations)
            .set({ name: r.name, remark: r.remark ?? null, updateId: ctx.user.userId, updateDate: now })
            .where(eq(stations.stationId, r.stationId));
        }
      }
      const after = await load(tx, ids);
      await auditEach(tx, ctx.actor, { title: 'Station', action }, after, (a) =>
        before.find((b) => b.stationId === a.stationId),
      );
      return after;
    });
  }

  async function remove(ctx: AuthedContext, ids: string[]) {
    assertSystemAdmin(ctx);
    return db.transaction(async (tx) => {
      const before = await load(tx, ids);
      if (before.length !== new Set(ids).size) throw notFound('Station');
      if (before.some((b) => b.isSystem)) throw refuse('The system station cannot be deleted');
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(inArray(users.stationId, ids));
      if (Number(n) > 0) throw refuse('The station still has users; move or delete them first');
      await tx.delete(stations).where(inArray(stations.stationId, ids));
      for (const b of before)
        await writeAudit(tx, ctx.actor, { title: 'Station', action: 'Delete', before: b });
      return before;
    });
  }

  return [
    defineRoute({
      path: '/api/station/read',
      // Every page with a station filter looks stations up; scoping limits what a station user sees.
      permission: AUTHENTICATED,
      tag,
      summary: 'List stations',
      body: StationReadRequest,
      result: page(StationRow),
      handler: async (b, ctx) => {
        const where = allOf([...commonConditions(spec, b, ctx.user), contains(stations.name, b.name)]);
        return readTable(db, stations, where, spec, b, toRow);
      },
    }),
    defineRoute({
      path: '/api/station/create',
      permission,
      tag,
      summary: 'Create stations',
      body: writeBody(StationRequest),
      result: z.array(StationRow),
      handler: (b, ctx) => write(ctx, b, 'Create'),
    }),
    defineRoute({
      path: '/api/station/import',
      permission,
      tag,
      summary: 'Import stations (all or nothing; an existing id refuses the batch)',
      body: writeBody(StationRequest),
      result: z.array(StationRow),
      handler: (b, ctx) => write(ctx, b, 'Import'),
    }),
    defineRoute({
      path: '/api/station/update',
      permission,
      tag,
      summary: 'Rename stations',
      body: writeBody(StationRequest),
      result: z.array(StationRow),
      handler: (b, ctx) => write(ctx, b, 'Update'),
    }),
    defineRoute({
      path: '/api/station/delete',
      permission,
      tag,
      summary: 'Delete stations without users',
      body: writeBody(StationDeleteRequest),
      result: z.array(StationRow),
      handler: (b, ctx) =>
        remove(
          ctx,
          b.map((r) => r.stationId),
        ),
    }),
  ];
}
