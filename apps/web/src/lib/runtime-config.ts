/** Values an operator can change in public/config.js without rebuilding. */
export interface RuntimeConfig {
  apiUrl: string;
  idleTimeoutMinutes: number;
  /** Tile URL template of the transformer map; '' draws the meters on a plain plane. */
  mapTilesUrl: string;
}

export function runtimeConfig(): RuntimeConfig {
  const c = (typeof window !== 'undefined' && window.ApiConfig) || {};
  return {
    apiUrl: (c.Url ?? '').replace(/\/+$/, ''),
    idleTimeoutMinutes: typeof c.idleTimeoutMinutes === 'number' ? c.idleTimeoutMinutes : 30,
    mapTilesUrl: typeof c.MapTilesUrl === 'string' ? c.MapTilesUrl.trim() : '',
  };
}
