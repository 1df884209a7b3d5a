/**
 * A background drain of work kept in the database (campaign meters to issue, firmware tasks to send): one
 * pass at a time per process. `wake` starts a pass, or asks the running one to look again when it ends
 * (work may have arrived after its last read); `stop` lets the pass under way finish and starts no more.
 * `pass` reads `stopped()` between items so a closing app does not wait for the whole queue.
 */
export interface DrainLoop {
  wake(): Promise<void>;
  stop(): Promise<void>;
}

export function drainLoop(pass: (stopped: () => boolean) => Promise<void>): DrainLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const isStopped = () => stopped;
  const drain = async () => {
    do {
      again = false;
      await pass(isStopped);
    } while (again && !stopped);
  };
  return {
    wake() {
      if (stopped) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = drain().finally(() => {
        running = null;
      });
      return running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
