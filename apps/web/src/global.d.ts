/** Runtime configuration written by public/config.js (see lib/runtime-config.ts). */
interface Window {
  ApiConfig?: {
    Url?: string;
    idleTimeoutMinutes?: number;
  };
}
