/** Revenue-protection cases and the dashboard's summary of losses. */
import { z } from 'zod';
import { page, writeBody } from '../common.js';
import { defineEndpoint, defineUpload } from '../endpoint.js';
import { IMAGE_MAX_BYTES } from '../files.js';
import {
  CaseCreateRequest,
  CaseReadRequest,
  CaseRow,
  CaseUpdateRequest,
  REVPROT_CASE_PATHS,
  RevprotSummary,
  RevprotSummaryRequest,
} from '../revprot-case.js';

export const REVPROT_CASE_API = {
  read: defineEndpoint({
    path: REVPROT_CASE_PATHS.read,
    request: CaseReadRequest,
    result: page(CaseRow),
    permission: 'RevenueProtection.Case',
  }),
  create: defineEndpoint({
    path: REVPROT_CASE_PATHS.create,
    request: writeBody(CaseCreateRequest),
    result: z.array(CaseRow),
    permission: 'RevenueProtection.Case',
  }),
  update: defineEndpoint({
    path: REVPROT_CASE_PATHS.update,
    request: writeBody(CaseUpdateRequest),
    result: z.array(CaseRow),
    permission: 'RevenueProtection.Case',
  }),
  /** The losses card: any user who reads the transformer balance. */
  summary: defineEndpoint({
    path: REVPROT_CASE_PATHS.summary,
    request: RevprotSummaryRequest,
    result: RevprotSummary,
    permission: 'RevenueProtection.TransformerBalance',
  }),
};

/** An inspection photo onto a case (query caseId). */
export const REVPROT_CASE_PHOTO_UPLOAD = defineUpload({
  path: REVPROT_CASE_PATHS.photo,
  maxBytes: IMAGE_MAX_BYTES,
  result: CaseRow,
  permission: 'RevenueProtection.Case',
});
