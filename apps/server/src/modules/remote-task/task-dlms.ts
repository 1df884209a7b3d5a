import type { AttemptOutcome } from '@prepay/contracts';
import type { DlmsLink, DlmsLinkResult } from '../dlms-link/index.js';
import type { AttemptResult, RunnableTask } from './task-executor.js';

/** How each way a DLMS run ends is recorded, and whether the runner tries again (link trouble may pass). */
const OUTCOME: Record<
  DlmsLinkResult['outcome'],
  { outcome: AttemptOutcome; verdict: AttemptResult['verdict'] }
> = {
  success: { outcome: 'success', verdict: 'success' },
  offline: { outcome: 'offline', verdict: 'failure' },
  timeout: { outcome: 'no-reply', verdict: 'retry' },
  'bad-frame': { outcome: 'bad-frame', verdict: 'retry' },
  'meter-error': { outcome: 'meter-error', verdict: 'failure' },
  'association-refused': { outcome: 'meter-error', verdict: 'failure' },
  'refused-by-meter': { outcome: 'meter-error', verdict: 'failure' },
  // The meter answered, in a shape that cannot be kept: asking again gets the same answer.
  'bad-data': { outcome: 'bad-frame', verdict: 'failure' },
};

/** A task of a DLMS catalogue item, run over the head-end's DLMS transport. */
export async function dlmsAttempt(link: DlmsLink | undefined, task: RunnableTask): Promise<AttemptResult> {
  const spec = task.spec;
  const item = spec?.dlms;
  if (!link || !spec || !item || task.kind === 'transparent')
    return {
      outcome: 'offline',
      verdict: 'failure',
      sent: null,
      raw: null,
      value: null,
      errorWord: null,
      detail: 'offline: this process has no DLMS transport',
      transport: null,
      data: null,
    };
  const r = await link.run(task.meterId, {
    kind: task.kind,
    classId: item.classId,
    obis: item.obis,
    attributeMethod: item.attributeMethod,
    entry: item.entry,
    format: spec.format,
    analysisFormat: spec.analysisFormat,
    request: task.request,
  });
  const o = OUTCOME[r.outcome];
  return {
    ...o,
    sent: r.sent.length ? r.sent : null,
    raw: r.raw.length ? r.raw : null,
    value: r.value,
    errorWord: r.resultCode,
    detail: r.outcome === 'offline' ? `offline: ${r.detail}` : r.detail,
    transport: 'dlms',
    data: r.value,
  };
}
