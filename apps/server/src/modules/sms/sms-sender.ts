import type { Deps } from '../../deps.js';
import type { Receipt, SmppLink } from './smpp-link.js';
import {
  claimDue,
  insertAlarmSms,
  markAttemptFailed,
  markSent,
  recordReceipt,
  type SmsMessage,
  untoldLowCreditAlarms,
} from './sms.repo.js';
import { lowCreditText } from './sms-text.js';

/** How long a claimed message is this sender's before another may take it (a submit answers well within). */
const LEASE_MS = 60_000;
const BATCH = 20;

/** The wait before attempt n + 1: 10 s doubling to an hour, so a long SMSC outage costs little. */
export const backoffMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/**
 * Low-credit alarms are raised wherever readings land (collection, tasks); the sender turns each new one
 * into an alert for the customer's phone before it sends, so no reading path needs to know about SMS.
 */
async function queueLowCreditAlerts(deps: Deps) {
  for (const a of await untoldLowCreditAlarms(deps.database.db, BATCH * 5)) {
    const credit = a.detail?.replace(/^credit /, '') ?? 'little';
    const body = lowCreditText({ meterId: a.meterId, credit });
    await insertAlarmSms(deps.database.db, { ...a, kind: 'lowCredit', body, now: deps.clock.now() });
  }
}

/**
 * Sends the outbox through the SMPP link: due messages are claimed, submitted, and marked sent or given a
 * later attempt; receipts close them. Runs every `pollMs` and whenever `wake()` says something was queued.
 */
export function createSmsSender(deps: Deps, link: (onReceipt: (r: Receipt) => Promise<void>) => SmppLink) {
  const { db } = deps.database;
  // Receipts that arrived before their submit's answer was written (the SMSC may be that quick).
  const early = new Map<string, string>();
  const smpp = link(async (r) => {
    const done = await recordReceipt(db, r.smscMessageId, r.state, deps.clock.now());
    if (done.length === 0) early.set(r.smscMessageId, r.state);
  });
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function sendOne(m: SmsMessage) {
    try {
      const smscId = await smpp.submit(m.destination, m.body);
      await markSent(db, m.id, smscId, deps.clock.now());
      const state = early.get(smscId);
      if (state) {
        early.delete(smscId);
        await recordReceipt(db, smscId, state, deps.clock.now());
      }
    } catch (err) {
      const now = deps.clock.now();
      const last = m.attempts >= deps.config.sms.maxAttempts;
      const retryAt = last ? null : new Date(now.getTime() + backoffMs(m.attempts));
      await markAttemptFailed(db, m.id, (err as Error).message, retryAt, now);
    }
  }

  async function cycle() {
    await queueLowCreditAlerts(deps);
    for (;;) {
      const now = deps.clock.now();
      const batch = await claimDue(db, now, new Date(now.getTime() + LEASE_MS), BATCH);
      for (const m of batch) await sendOne(m);
      if (batch.length < BATCH || stopped) return;
    }
  }

  /** Runs a cycle now, or right after the one under way. */
  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = cycle()
      .catch(() => {})
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    wake,
    start() {
      timer = setInterval(wake, deps.config.sms.pollMs);
      wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await smpp.close();
    },
  };
}
export type SmsSender = ReturnType<typeof createSmsSender>;
