/** Values an operator can change in public/config.js without rebuilding. */
export interface RuntimeConfig {
  apiUrl: string;
  captcha: boolean;
  idleTimeoutMinutes: number;
}

export function runtimeConfig(): RuntimeConfig {
  const c = (typeof window !== 'undefined' && window.ApiConfig) || {};
  return {
    apiUrl: (c.Url ?? '').replace(/\/+$/, ''),
    captcha: c.captcha !== false,
    idleTimeoutMinutes: typeof c.idleTimeoutMinutes === 'number' ? c.idleTimeoutMinutes : 30,
  };
}
