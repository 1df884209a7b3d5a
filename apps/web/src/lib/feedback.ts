import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * antd's static message/Modal functions cannot see the ConfigProvider theme and locale, so the shell
 * registers the hook instances of <App> here (see app/providers.tsx) for code outside components.
 */
export interface Feedback {
  message: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info' | 'loading'>;
  modal: Pick<ModalHookAPI, 'confirm'>;
}

let current: Feedback | null = null;

export function setFeedback(feedback: Feedback | null) {
  current = feedback;
}

export function feedback(): Feedback {
  if (current) return current;
  // Before the providers mount (or in a unit test without them) report to the console instead.
  const log = (level: string) => (content: unknown) => console.warn(`[${level}]`, content);
  const stub = {
    message: {
      error: log('error'),
      success: log('success'),
      warning: log('warning'),
      info: log('info'),
      loading: log('loading'),
    },
    modal: { confirm: log('confirm') },
  };
  return stub as unknown as Feedback;
}
