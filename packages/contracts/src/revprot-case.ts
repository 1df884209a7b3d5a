import { z } from 'zod';
import { DateTime, Id, IdFilter, ReadRequestBase, Remark, StationRowFields } from './common.js';
import { MoneyInput } from './money.js';
import { DayRange } from './revenue-protection.js';

/** A case's paths: the grid, its steps, its download and its inspection photos. */
export const REVPROT_CASE_PATHS = {
  read: '/api/revenueProtection/case/read',
  create: '/api/revenueProtection/case/create',
  update: '/api/revenueProtection/case/update',
  export: '/api/revenueProtection/case/export',
  /** multipart/form-data, field "file" (a PNG ≤ 2 MB), query caseId=<id> → the case's row. */
  photo: '/api/revenueProtection/case/photo',
  /** GET `<photo>/<photoId>` → image/png. */
  photoFile: '/api/revenueProtection/case/photo/:photoId',
  /** Loss per transformer over a day range: the dashboard's card. */
  summary: '/api/revenueProtection/summary/read',
} as const;
export const revprotPhotoPath = (photoId: number) => `/api/revenueProtection/case/photo/${photoId}`;

/** Where a case stands: opened, given to an officer, inspected, closed. */
export const CASE_STATUSES = ['open', 'assigned', 'inspected', 'closed'] as const;
/** What the inspection found, stored as its index. */
export const CASE_OUTCOMES = ['tampering', 'bypass', 'faultyMeter', 'noFault'] as const;
export const CaseOutcome = z.enum(CASE_OUTCOMES);
export type CaseOutcome = z.infer<typeof CaseOutcome>;

/** Opening a case against a meter: by hand, or from the ranked suspects with their evidence as the reason. */
export const CaseCreateRequest = z.object({
  meterId: Id,
  source: z.enum(['manual', 'suspect']).default('manual'),
  reason: z.string().trim().max(2000).nullish(),
  assignedTo: Id.nullish(),
  remark: Remark,
});
export type CaseCreateRequest = z.infer<typeof CaseCreateRequest>;

const CaseId = z.number().int().positive();

/**
 * One step of a case: give it to an officer, record the inspection (findings and outcome), or close it
 * with the amount recovered; a recovered amount is added to the customer's debt, recovered by vending.
 */
export const CaseUpdateRequest = z.discriminatedUnion('step', [
  z.object({ caseId: CaseId, step: z.literal('assign'), assignedTo: Id, remark: Remark }),
  z.object({
    caseId: CaseId,
    step: z.literal('inspect'),
    findings: z.string().trim().min(1).max(4000),
    outcome: CaseOutcome,
    remark: Remark,
  }),
  z.object({ caseId: CaseId, step: z.literal('close'), recoveredAmount: MoneyInput, remark: Remark }),
]);
export type CaseUpdateRequest = z.infer<typeof CaseUpdateRequest>;

export const CaseRow = z.object({
  caseId: z.number().int(),
  meterId: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  transformerId: z.string().nullable(),
  source: z.string(),
  reason: z.string().nullable(),
  status: z.enum(CASE_STATUSES),
  assignedTo: z.string().nullable(),
  findings: z.string().nullable(),
  outcome: CaseOutcome.nullable(),
  inspectedDate: DateTime.nullable(),
  recoveredAmount: z.number(),
  closedDate: DateTime.nullable(),
  /** The inspection photos, each at revprotPhotoPath(id). */
  photoIds: z.array(z.number().int()),
  ...StationRowFields,
});
export type CaseRow = z.infer<typeof CaseRow>;

export const CaseReadRequest = ReadRequestBase.extend({
  caseId: z.number().int().positive().nullish(),
  meterId: IdFilter,
  customerId: IdFilter,
  assignedTo: IdFilter,
  status: z.enum(CASE_STATUSES).nullish(),
  outcome: CaseOutcome.nullish(),
  source: z.enum(['manual', 'suspect']).nullish(),
  /** Only the cases not closed yet. */
  openOnly: z.boolean().nullish(),
});
export type CaseReadRequest = z.infer<typeof CaseReadRequest>;

export const CasePhotoQuery = z.object({ caseId: z.coerce.number().int().positive() });

/** The dashboard's losses card: the loss of each transformer over the range. */
export const RevprotSummaryRequest = z.object({ days: DayRange });
export type RevprotSummaryRequest = z.infer<typeof RevprotSummaryRequest>;

/** A transformer's loss over the days whose readings are all there (the others are counted, not guessed). */
export const TransformerLoss = z.object({
  transformerId: z.string(),
  transformerName: z.string().nullable(),
  checkEnergy: z.number(),
  customerEnergy: z.number(),
  lossEnergy: z.number(),
  lossPercent: z.number().nullable(),
  completeDays: z.number().int(),
  incompleteDays: z.number().int(),
});
export type TransformerLoss = z.infer<typeof TransformerLoss>;

export const RevprotSummary = z.object({ transformers: z.array(TransformerLoss) });
export type RevprotSummary = z.infer<typeof RevprotSummary>;
