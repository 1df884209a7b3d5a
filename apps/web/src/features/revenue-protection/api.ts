import {
  type CaseCreateRequest,
  type CaseUpdateRequest,
  REVPROT_CASE_API,
  TRANSFORMER_API,
} from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';

/** One case in full, re-read after each of its steps. */
export function useCase(caseId: number | null) {
  return useQuery({
    queryKey: ['revprot-case-detail', caseId],
    enabled: caseId !== null,
    queryFn: async () =>
      (await call(REVPROT_CASE_API.read, { caseId: caseId ?? 0, pageSize: 1 })).data[0] ?? null,
  });
}

export const openCases = (rows: CaseCreateRequest[]) => call(REVPROT_CASE_API.create, rows);
export const takeSteps = (rows: CaseUpdateRequest[]) => call(REVPROT_CASE_API.update, rows);

/** A transformer's meters with their coordinates (the map). */
export function useTransformerMap(transformerId: string | null) {
  return useQuery({
    queryKey: ['transformer-map', transformerId],
    enabled: transformerId !== null,
    queryFn: () => call(TRANSFORMER_API.readMap, { transformerId: transformerId ?? '' }),
  });
}
