import type { ModalFuncProps } from 'antd';
import type { JointContent } from 'antd/es/message/interface';

/**
 * antd's static message/Modal functions cannot see the ConfigProvider theme and locale, so the shell
 * registers the hook instances of <App> here (see app/providers.tsx) for code outside components.
 */
export interface Feedback {
  /** antd's message hook instance fits: code outside components only shows, never awaits, a message. */
  message: Record<'error' | 'success' | 'warning' | 'info' | 'loading', (content: JointContent) => unknown>;
  modal: { confirm(config: ModalFuncProps): unknown };
}

let current: Feedback | null = null;

export function setFeedback(feedback: Feedback | null) {
  current = feedback;
}

export function feedback(): Feedback {
  if (current) return current;
  // Before the providers mount (or in a unit test without them) report to the console instead.
  const log = (level: string) => (content: unknown) => console.warn(`[${level}]`, content);
  return {
    message: {
      error: log('error'),
      success: log('success'),
      warning: log('warning'),
      info: log('info'),
      loading: log('loading'),
    },
    modal: { confirm: log('confirm') },
  };
}
