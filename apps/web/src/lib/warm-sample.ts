import type { ComponentType } from 'react';
import { createStore } from './store';

/** A hidden sample of a page's parts, drawn once and removed once `onDrawn` has run. */
export type WarmSample = ComponentType<{ onDrawn: () => void }>;

/**
 * The sample of a list page (components/list-page/warm-look.tsx), offered by the list pages' shared
 * code when its chunk loads, which the shell's idle warm-up of the menu's pages does soon after signing
 * in. The shell draws it (layout/warm-list-look.tsx) without importing it: a chunk of its own would
 * re-cut the sign-in page's chunks and cost that page bytes.
 */
export const warmSampleStore = createStore<{ sample: WarmSample | null }>({ sample: null });

export function offerWarmSample(sample: WarmSample) {
  if (!warmSampleStore.get().sample) warmSampleStore.set({ sample });
}
