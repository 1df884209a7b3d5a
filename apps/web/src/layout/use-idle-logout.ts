import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../lib/runtime-config';
import { logout, resetSession } from '../lib/session';

const STORAGE_KEY = 'lastActivityTime';
const CHECK_EVERY_MS = 60_000;
/**
 * The shared time is written at most this often: a write to localStorage is synchronous, and every mouse
 * move and click wrote it (twice per click on a list page). Minutes of timeout do not need finer times.
 */
const TOUCH_EVERY_MS = 5_000;

/**
 * SH1: signs out after `idleTimeoutMinutes` without a click or mouse move (public/config.js; 0 turns
 * it off). The last activity is shared across tabs through localStorage.
 */
export function useIdleLogout() {
  const { t } = useTranslation();
  const { message } = App.useApp();

  useEffect(() => {
    const minutes = runtimeConfig().idleTimeoutMinutes;
    if (!minutes || minutes <= 0) return;
    let written = 0;
    const touch = () => {
      const now = Date.now();
      if (now - written < TOUCH_EVERY_MS) return;
      written = now;
      localStorage.setItem(STORAGE_KEY, String(now));
    };
    touch();
    window.addEventListener('click', touch);
    window.addEventListener('mousemove', touch, { passive: true });
    window.addEventListener('keydown', touch);
    const timer = window.setInterval(() => {
      const last = Number(localStorage.getItem(STORAGE_KEY) ?? Date.now());
      if (Date.now() - last <= minutes * 60_000) return;
      window.clearInterval(timer);
      localStorage.removeItem(STORAGE_KEY);
      // Even when the server cannot be reached the console forgets the session.
      logout()
        .catch(() => resetSession())
        .finally(() => void message.warning({ content: t('login.idleLogout'), duration: 0 }));
    }, CHECK_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('click', touch);
      window.removeEventListener('mousemove', touch);
      window.removeEventListener('keydown', touch);
    };
  }, [message, t]);
}
