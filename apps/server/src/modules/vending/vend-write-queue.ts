import type { Queryable } from '../../db/client.js';
import type { VendWriteTotals } from '../../lib/metrics.js';
import { oncePer } from '../../lib/once-per.js';
import { type ChannelSaleRows, type ChannelSaleWritten, writeChannelSale } from './channel-sale.repo.js';
import { type CreditVendWrite, repaysDebt, writeCreditVend } from './credit-vend.repo.js';
import { type BatchWritten, writeCreditVends } from './credit-vend-batch.repo.js';
import { uniqueViolation, vendConflict } from './vending-guards.js';

/**
 * Group commit of credit vend writes. A profile of the database under 16 vending clients put
 * about a fifth of its time per vend in starting and finishing statements (executor start, opening the
 * written tables' indexes, commit), more than in the rows themselves. So the vends that reach their write
 * while another write is in flight wait for it and then go together, in one statement
 * (credit-vend-batch.repo.ts). A vend that arrives while no write is in flight waits one turn of the event
 * loop, and the vends that reach their write in that turn go with it: on PGlite every statement runs in this
 * thread as soon as it is called, so a write never found another in flight and every vend was written alone
 * (2,500 vends in 2,500 statements under 16 clients; with the turn, 16 a statement and a third less CPU per
 * vend). A quiet system waits that one turn and nothing more.
 *
 * The vends of one statement are on distinct meters, repaying customers and quota holders (one statement
 * cannot take one meter's TID twice); a vend that shares one with a vend already taken waits for the next
 * statement. A statement is all or nothing: when it fails (a vend's TID, key, debt or quota moved, or two
 * requests used one idempotency key) each of its vends is written again alone, and only the vend whose
 * expectation moved fails — with the same error as when it is written alone, which its caller handles.
 */

/** The most vends one statement writes (its input is a JSON parameter of about 1.5 kB a vend). */
const MAX_BATCH = 64;

interface Waiting {
  write: CreditVendWrite;
  /** A vendor machine's sale: the channel's rows written with the vend. */
  sale?: ChannelSaleRows | undefined;
  /** Undefined only for a sale whose vendor's float or day refused it (nothing was written). */
  resolve: (written: BatchWritten | undefined) => void;
  reject: (err: unknown) => void;
}

type Written = { id: number; receiptId: number };

/** What a vend holds that no other vend of its statement may: its meter, its debt, its seller's quota. */
function claims({ write: w }: Waiting): string[] {
  const held = [`m:${w.record.meterId}`];
  if (repaysDebt(w) && w.record.customerId) held.push(`d:${w.record.customerId}`);
  if (w.quotaUnits !== null) held.push(`q:${w.record.createId}`);
  return held;
}

export class VendWriteQueue {
  private waiting: Waiting[] = [];
  private writing = false;
  /** How the queue has written so far (the metrics and a test read it). */
  readonly stats: VendWriteTotals = { statements: 0, vends: 0, fallbacks: 0 };

  constructor(private readonly q: Queryable) {}

  /** Writes the vend, alone or with others; settles as `writeCreditVend` would for it alone. */
  async write(write: CreditVendWrite): Promise<Written> {
    const written = await this.enqueue(write);
    if (!written) throw new Error('internal: a console vend was refused as a channel sale');
    return written;
  }

  /**
   * Writes a vendor machine's sale with its channel rows, alone or with others; settles as
   * `writeChannelSale` would for it alone (undefined: the vendor's float or day refused it).
   */
  async sell(write: CreditVendWrite, sale: ChannelSaleRows): Promise<ChannelSaleWritten | undefined> {
    return (await this.enqueue(write, sale))?.floatLeft;
  }

  private enqueue(write: CreditVendWrite, sale?: ChannelSaleRows): Promise<BatchWritten | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ write, sale, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) await this.commit(this.take());
    } finally {
      this.writing = false;
    }
  }

  /**
   * The next statement's vends, in arrival order, none sharing a claim, and a vendor's sales all counting
   * one day (its day counter is debited once a statement); the rest keep their places.
   */
  private take(): Waiting[] {
    const taken: Waiting[] = [];
    const left: Waiting[] = [];
    const held = new Set<string>();
    const dayOf = new Map<string, string>();
    for (const w of this.waiting) {
      const wants = claims(w);
      const sale = w.sale;
      const otherDay = sale && (dayOf.get(sale.vendorId) ?? sale.day) !== sale.day;
      if (taken.length < MAX_BATCH && !otherDay && !wants.some((c) => held.has(c))) {
        taken.push(w);
        for (const c of wants) held.add(c);
        if (sale) dayOf.set(sale.vendorId, sale.day);
      } else left.push(w);
    }
    this.waiting = left;
    return taken;
  }

  private async commit(batch: Waiting[]): Promise<void> {
    this.stats.statements++;
    this.stats.vends += batch.length;
    if (batch.length > 1) {
      let written: BatchWritten[];
      try {
        written = await writeCreditVends(this.q, batch);
      } catch (err) {
        if (!refusedWhole(err)) {
          for (const w of batch) w.reject(err);
          return;
        }
        // Some vend of the statement could not be written as priced: find which by writing each alone.
        this.stats.fallbacks++;
        await this.writeEachAlone(batch);
        return;
      }
      for (const [k, w] of batch.entries()) {
        const row = written[k];
        if (row) w.resolve(row);
        else w.reject(new Error('internal: the vends write answered no row for this vend'));
      }
      return;
    }
    await this.writeEachAlone(batch);
  }

  /** One after another, in arrival order: of two vends with one idempotency key the first is written. */
  private async writeEachAlone(batch: Waiting[]): Promise<void> {
    for (const w of batch) await this.writeAlone(w).then(w.resolve, w.reject);
  }

  private async writeAlone({ write, sale }: Waiting): Promise<BatchWritten | undefined> {
    if (!sale) return writeCreditVend(this.q, write);
    const floatLeft = await writeChannelSale(this.q, write, sale);
    return floatLeft && { id: floatLeft.id, receiptId: floatLeft.receiptId, floatLeft };
  }
}

/**
 * The database refused the statement for one of its vends, so it wrote nothing: a moved expectation
 * (`vendConflict`) or an idempotency key already used. Anything else (a lost connection) may have come
 * after the commit, so the vends are never written again on it: each fails as it would alone.
 */
function refusedWhole(err: unknown): boolean {
  return vendConflict(err) || uniqueViolation(err);
}

/** The vend write queue of this database (one per process and database: its statements autocommit). */
export const vendWriteQueueOf = oncePer((q: Queryable) => new VendWriteQueue(q));
