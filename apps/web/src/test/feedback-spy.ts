import { vi } from 'vitest';
import type { Feedback } from '../lib/feedback';

/** A Feedback whose calls a test can inspect (lib/feedback.ts): what the shell's antd hooks would show. */
export function feedbackSpy(
  error: Feedback['message']['error'] = vi.fn(),
  confirm: Feedback['modal']['confirm'] = vi.fn(),
): Feedback {
  return {
    message: { error, success: vi.fn(), warning: vi.fn(), info: vi.fn(), loading: vi.fn() },
    modal: { confirm },
  };
}
