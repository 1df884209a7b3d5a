import {
  CasePhotoQuery,
  CaseReadRequest,
  CaseRow,
  REVPROT_CASE_API,
  REVPROT_CASE_PATHS,
  REVPROT_CASE_PHOTO_UPLOAD,
} from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { defineFileRoute, defineUploadRoute, type RouteDef, routeGroup } from '../../http/route.js';
import { invalid } from '../../lib/domain-errors.js';
import { exportRoute } from '../meter-data/index.js';
import type { CaseService } from './case.service.js';
import type { LossService } from './losses.service.js';

const tag = 'RevenueProtection';
const route = routeGroup({ tag });
/** The grid's columns in the download (the photos stay in the console). */
const EXPORT_COLUMNS = Object.keys(CaseRow.shape).filter((k) => k !== 'photoIds');

export function caseRoutes(deps: Deps, cases: CaseService, losses: LossService): RouteDef[] {
  return [
    route(REVPROT_CASE_API.read, 'Revenue-protection cases', (b, ctx) => cases.read(b, ctx.user)),
    route(REVPROT_CASE_API.create, 'Open cases on suspected meters', (b, ctx) => cases.create(ctx, b)),
    route(REVPROT_CASE_API.update, 'Assign, record the inspection of, or close cases', (b, ctx) =>
      cases.update(ctx, b),
    ),
    route(REVPROT_CASE_API.summary, 'Loss of each transformer over a day range', (b, ctx) =>
      losses.summary(b, ctx.user),
    ),
    exportRoute(deps, {
      path: REVPROT_CASE_PATHS.export,
      permission: REVPROT_CASE_API.read.permission,
      title: 'Revenue Protection Cases',
      body: CaseReadRequest,
      columns: EXPORT_COLUMNS,
      values: { status: 'caseStatus', outcome: 'caseOutcome', source: 'caseSource' },
      read: (b, ctx) => cases.read(b, ctx.user),
    }),
    defineUploadRoute({
      endpoint: REVPROT_CASE_PHOTO_UPLOAD,
      tag,
      summary: 'Add an inspection photo (PNG ≤ 2 MB) to a case; query caseId=<id>',
      what: 'image',
      handler: async (file, ctx, request) => {
        const query = CasePhotoQuery.safeParse(request.query);
        if (!query.success)
          throw invalid('caseId must name a case', [{ path: 'caseId', message: 'a case id is required' }]);
        return cases.addPhoto(ctx, query.data.caseId, file.buf);
      },
    }),
    defineFileRoute({
      kind: 'file',
      method: 'GET',
      path: REVPROT_CASE_PATHS.photoFile,
      permission: REVPROT_CASE_API.read.permission,
      tag,
      summary: 'An inspection photo (image/png)',
      handler: async ({ request }, ctx, reply) => {
        const id = Number((request.params as { photoId: string }).photoId);
        if (!Number.isInteger(id) || id <= 0)
          throw invalid('photoId must be a number', [{ path: 'photoId', message: 'not a photo id' }]);
        const png = await cases.photo(ctx.user, id);
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'private, max-age=3600')
          .send(png);
      },
    }),
  ];
}
