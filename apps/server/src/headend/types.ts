import type { Frame } from '@prepay/dlt645';

export type Transport = 'lorawan' | 'gprs';
export type LinkFailure = 'offline' | 'timeout' | 'meter-error' | 'bad-frame' | 'busy';

export type ExchangeResult =
  | { ok: true; sent: Uint8Array; raw: Uint8Array; reply: Frame; transport: Transport }
  | {
      ok: false;
      failure: LinkFailure;
      sent?: Uint8Array;
      raw?: Uint8Array;
      reply?: Frame;
      errorWord?: number;
      detail: string;
    };

export interface MeterLinkState {
  online: boolean;
  transport?: Transport;
  gatewayId?: string;
  lastSeen?: Date;
}

/** The one primitive the rest of the server sees: a DL/T 645 frame to a meter, its reply or a typed failure. */
export interface HeadEnd {
  exchange(meterId: string, request: Frame, opts?: { timeoutMs?: number }): Promise<ExchangeResult>;
  linkState(meterId: string): MeterLinkState;
  close(): Promise<void>;
  /**
   * This process's name among the head-end processes sharing the database, and whether it registers its
   * links there (then a meter's tasks are claimed only by the process holding its link).
   */
  readonly processId?: string;
  readonly sharesLinks?: boolean;
}

/** pino's shape, so the app's logger (or a child of it) plugs in. */
export interface Log {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLog: Log = { debug() {}, info() {}, warn() {}, error() {} };
