/** Why a request to a meter failed, as the head-end reports it on a task. */
export type DlmsFailureKind = 'offline' | 'timeout' | 'meter-error' | 'bad-frame' | 'association-refused';

export class DlmsClientError extends Error {
  readonly kind: DlmsFailureKind;
  /** meter-error: the data-access-result or action-result; association-refused: the AARE diagnostic. */
  readonly resultCode: number | undefined;
  constructor(kind: DlmsFailureKind, message: string, resultCode?: number) {
    super(message);
    this.name = 'DlmsClientError';
    this.kind = kind;
    this.resultCode = resultCode;
  }
}

/**
 * A link to one meter carrying whole APDUs (the wrapper over TCP, HDLC, a LoRaWAN payload…). One exchange
 * at a time. Rejects with DlmsClientError: offline (no link), timeout (no reply in time), bad-frame.
 */
export interface DlmsChannel {
  exchange(apdu: Uint8Array, timeoutMs: number): Promise<Uint8Array>;
  close(): void;
}
