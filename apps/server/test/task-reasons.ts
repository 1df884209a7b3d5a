/** The task kinds the console's Remote Operation and DL/T 645 task grids show. */
export const TASK_KINDS = ['reading', 'setting', 'control', 'token', 'transparent'] as const;

/**
 * One task row of every kind for each of `reasons`, on one meter of one station: the even-numbered ones
 * failed (status 2), the odd ones `oddStatus`; `data` gives the i-th its read-back value.
 */
export function tasksOfEveryKind(
  reasons: readonly string[],
  at: { meterId: string; stationId: string },
  oddStatus: number,
  data?: (i: number) => string | null,
) {
  return TASK_KINDS.flatMap((kind) =>
    reasons.map((reason, i) => ({
      kind,
      ...at,
      status: i % 2 ? oddStatus : 2,
      reason,
      ...(data ? { data: data(i) } : {}),
    })),
  );
}
