import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { createSmppLink } from './smpp-link.js';
import { insertSms, smsOfRecords } from './sms.repo.js';
import { smsRoutes } from './sms.routes.js';
import { createSmsSender } from './sms-sender.js';
import { tokenText } from './sms-text.js';

export { smsOfRecords };

/** A sale's token, as its SMS tells it. */
export interface TokenSms {
  destination: string;
  meterId: string;
  tokenRecordId: number;
  token: string;
  units: string;
  amount: string;
  receiptId: number;
}

/**
 * SMS over SMPP 3.4: an outbox written in the transaction that has something to say (and low-credit
 * alerts the sender queues itself from new alarms), a sender that
 * submits it to the utility's SMSC (SMPP_URL) with back-off retries, and the delivery receipts that close
 * each message; the SMS log reads it. Without SMPP_URL messages wait in the outbox, queued.
 */
export function smsModule(deps: Deps) {
  const sender = deps.config.sms.url
    ? createSmsSender(deps, (onReceipt) => createSmppLink(deps.config.sms, onReceipt))
    : null;
  const outbox = {
    /** Queues a sale's token for the payer's phone, in the sale's transaction. */
    queueToken: (tx: Tx, t: TokenSms) =>
      insertSms(tx, {
        kind: 'token',
        destination: t.destination,
        body: tokenText(t),
        meterId: t.meterId,
        tokenRecordId: t.tokenRecordId,
        now: deps.clock.now(),
      }),
    /** Something was queued and committed: send it now rather than at the next poll. */
    wake: () => sender?.wake(),
  };
  const module: ServerModule = {
    routes: smsRoutes(deps),
    install: (app) => {
      if (!sender) return;
      app.addHook('onReady', async () => sender.start());
      app.addHook('preClose', async () => sender.stop());
    },
  };
  return { ...module, outbox };
}
export type SmsOutbox = ReturnType<typeof smsModule>['outbox'];
