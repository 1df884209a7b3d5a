import type { ReactNode } from 'react';
import { hasRole, sessionStore } from '../lib/session';

/**
 * P1: renders its children only when the user's role is one of `roles` (the original's
 * v-permission). An empty list shows nothing rather than everything.
 */
export function Permission({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const info = sessionStore.use((s) => s.info);
  return hasRole(info, roles) ? children : null;
}
