/** Why a request to a meter failed, as the head-end reports it on a task. */
export type DlmsFailureKind = 'offline' | 'timeout' | 'meter-error' | 'bad-frame' | 'association-refused';

/** `resultCode`: the data-access-result or action-result of a meter error, the AARE diagnostic of a refusal. */
export class DlmsClientError extends Error {
  override name = 'DlmsClientError';
  constructor(
    readonly kind: DlmsFailureKind,
    message: string,
    readonly resultCode?: number,
  ) {
    super(message);
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
