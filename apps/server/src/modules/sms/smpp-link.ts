import * as smpp from 'smpp';
import type { SmsConfig } from '../../config.js';

/** A delivery receipt as the SMSC reported it: its message id and final state (DELIVRD, UNDELIV …). */
export interface Receipt {
  smscMessageId: string;
  state: string;
}

/** message_state TLV values (SMPP 3.4 §5.3.2.35) in the receipt text's words. */
const STATE_WORDS: Record<number, string> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};

/**
 * A receipt's id and state: from the TLVs when the SMSC sends them (SMPP 3.4), else from the de facto
 * text "id:… stat:DELIVRD …" that older SMSCs put in the body.
 */
export function receiptOf(pdu: smpp.PDU): Receipt | null {
  if (((pdu.esm_class as number) & smpp.ESM_CLASS.MC_DELIVERY_RECEIPT) === 0) return null;
  const text = String((pdu.short_message as { message?: unknown } | undefined)?.message ?? '');
  const id = (pdu.receipted_message_id as string | undefined) || /\bid:(\S+)/i.exec(text)?.[1];
  const tlvState = STATE_WORDS[pdu.message_state as number];
  const state = tlvState ?? /\bstat:(\w+)/i.exec(text)?.[1]?.toUpperCase();
  return id && state ? { smscMessageId: id, state } : null;
}

const SUBMIT_TIMEOUT_MS = 30_000;

/** Why the SMSC refused a PDU, in words for the SMS log. */
const statusText = (what: string, pdu: smpp.PDU) =>
  `${what} refused by the SMSC (status 0x${pdu.command_status.toString(16).padStart(8, '0')})`;

/**
 * One bound transceiver session to the SMSC: opened on first use, reopened after it drops. Receipts the
 * SMSC pushes on the session are acknowledged and handed to `onReceipt`.
 */
export function createSmppLink(config: SmsConfig, onReceipt: (r: Receipt) => Promise<void>) {
  let bound: Promise<smpp.Session> | null = null;

  function open(url: string): Promise<smpp.Session> {
    return new Promise((resolve, reject) => {
      const session = smpp.connect({ url, auto_enquire_link_period: 10_000 });
      const fail = (err: Error) => {
        bound = null;
        reject(err);
      };
      session.on('error', fail);
      session.on('close', () => {
        bound = null;
        reject(new Error('SMSC closed the connection'));
      });
      session.on('deliver_sm', (pdu: smpp.PDU) => {
        session.send(pdu.response());
        const r = receiptOf(pdu);
        if (r) void onReceipt(r).catch(() => {});
      });
      session.on('connect', () => {
        session.bind_transceiver({ system_id: config.systemId, password: config.password }, (pdu) => {
          if (pdu.command_status === smpp.ESME_ROK) return resolve(session);
          session.destroy();
          fail(new Error(statusText('bind', pdu)));
        });
      });
    });
  }

  function session(): Promise<smpp.Session> {
    if (!config.url) return Promise.reject(new Error('SMPP_URL is not set'));
    bound ??= open(config.url);
    return bound;
  }

  /** Submits one SMS asking for a final delivery receipt; answers the SMSC's message id. */
  async function submit(destination: string, text: string): Promise<string> {
    const s = await session();
    return new Promise((resolve, reject) => {
      const gone = () => reject(new Error('SMSC closed the connection'));
      // An SMSC that takes the PDU and never answers must not hold the outbox up for good.
      const timer = setTimeout(() => {
        s.destroy();
        reject(new Error('SMSC did not answer submit_sm'));
      }, SUBMIT_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        s.off('close', gone);
      };
      s.once('close', gone);
      const sent = s.submit_sm(
        {
          source_addr: config.sourceAddr,
          destination_addr: destination,
          short_message: text,
          registered_delivery: smpp.REGISTERED_DELIVERY.FINAL,
        },
        (pdu) => {
          done();
          if (pdu.command_status === smpp.ESME_ROK) resolve(String(pdu.message_id));
          else reject(new Error(statusText('submit_sm', pdu)));
        },
      );
      if (!sent) {
        done();
        reject(new Error('SMSC connection not writable'));
      }
    });
  }

  async function close() {
    const current = bound;
    bound = null;
    const s = await current?.catch(() => null);
    if (s) await new Promise<void>((resolve) => s.close(resolve));
  }

  return { submit, close };
}
export type SmppLink = ReturnType<typeof createSmppLink>;
