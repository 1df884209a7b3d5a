import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './use-warm-pages';

/** In its own chunk: the shell's first paint does not wait for the table's code. */
const WarmGridTable = lazy(() => import('./warm-grid'));

/**
 * A grid drawn once, out of sight, while the shell is idle after a full load, then removed. antd writes
 * a component's styles on its first mount and the browser compiles the table's code on its first run:
 * without this the first click on a list page after signing in paid both on top of a later click's work.
 * Outside the page area and without test ids, so nothing looking for the page's grid finds it.
 */
export function WarmGrid({ idle = whenIdle }: { idle?: typeof whenIdle }) {
  const [phase, setPhase] = useState<'wait' | 'draw' | 'drawn' | 'done'>('wait');
  useEffect(() => {
    if (phase === 'wait') return idle(() => setPhase('draw'));
    if (phase === 'drawn') return idle(() => setPhase('done'));
  }, [phase, idle]);
  if (phase !== 'draw' && phase !== 'drawn') return null;
  return (
    <Suspense fallback={null}>
      <WarmGridTable onDrawn={() => setPhase('drawn')} />
    </Suspense>
  );
}
