import type { Database } from '../db/client.js';

/** How soon to listen again after the notices were lost (meanwhile the cache keeps nothing). */
const RELISTEN_MS = 2_000;

/** A cache the database's notices keep true: each notice drops what it names; nothing is kept while deaf. */
export interface NoticeTarget {
  drop(payload: string): void;
  setLive(on: boolean): void;
}

/**
 * Listens for the notices on `channel` into `target`, again after a loss; resolves to a stop. The target is
 * live only while the notices are heard, so a cache kept by them never serves what a missed notice dropped.
 */
export async function followNotices(
  database: Pick<Database, 'notices'>,
  channel: string,
  target: NoticeTarget,
): Promise<() => Promise<void>> {
  let stopped = false;
  let stop: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;
  const start = async () => {
    retry = null;
    if (stopped) return;
    try {
      stop = await database.notices(channel, target.drop, lost);
      if (stopped) await stop();
      else target.setLive(true);
    } catch {
      lost();
    }
  };
  function lost() {
    target.setLive(false);
    stop = null;
    if (stopped || retry) return;
    retry = setTimeout(() => void start(), RELISTEN_MS);
    retry.unref();
  }
  await start();
  return async () => {
    stopped = true;
    target.setLive(false);
    if (retry) clearTimeout(retry);
    await stop?.();
  };
}
