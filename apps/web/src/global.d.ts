/** Runtime configuration written by public/config.js (see lib/runtime-config.ts). */
interface Window {
  ApiConfig?: {
    Url?: string;
    idleTimeoutMinutes?: number;
    /** Map tiles for the transformer map ({z}/{x}/{y} template); none: meters drawn on a plain plane. */
    MapTilesUrl?: string;
  };
}
