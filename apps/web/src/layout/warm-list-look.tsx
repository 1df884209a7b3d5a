import { useEffect, useState } from 'react';
import { warmSampleStore } from '../lib/warm-sample';
import { type Idle, whenIdle } from '../lib/when-idle';

/** Drawn once per page load: the styles it leaves are the document's for good. */
let drawnOnce = false;

/**
 * At the first idle moment after the list pages' code has loaded (the shell warms the menu's pages
 * when idle), a list page's antd parts are drawn once, out of sight, and removed
 * (components/list-page/warm-look.tsx). antd generates a component's styles the first time one is
 * drawn, and the dashboard draws no grid, pager or search field: on the first list page opened after
 * signing in, that generation and the grid's scroll-bar measurement were a large share of the click.
 * Only the signed-in shell draws this, so the sign-in page loads nothing more.
 */
export function WarmListLook({ idle = whenIdle }: { idle?: Idle }) {
  const Sample = warmSampleStore.use((s) => s.sample);
  const [phase, setPhase] = useState<'waiting' | 'drawing' | 'done'>(drawnOnce ? 'done' : 'waiting');
  useEffect(
    () => (Sample && phase === 'waiting' ? idle(() => setPhase('drawing')) : undefined),
    [Sample, phase, idle],
  );
  if (!Sample || phase !== 'drawing') return null;
  return (
    <Sample
      onDrawn={() => {
        drawnOnce = true;
        setPhase('done');
      }}
    />
  );
}
