import pino from 'pino';

/** Bytes of log lines held before they are written out together (below sonic-boom's 16 KiB largest write). */
export const LOG_BUFFER_BYTES = 8 * 1024;
/** A quiet server's last lines still reach the log within this many milliseconds. */
export const LOG_FLUSH_MS = 1000;

export interface LogDestination {
  write(line: string): void;
  /** Writes out whatever is held, before returning. */
  flushSync(): void;
  /** Flushes, stops the periodic flush and writes each later line at once (the app's close). */
  close(): void;
}

/**
 * Whether a line may wait in the buffer: a request's routine lines (they carry its reqId, below warn). A
 * line outside a request (the server is up, shutting down, a background job) and every warning or error
 * is written at once, with whatever is held before it, so an operator or a supervisor watching the log
 * sees it when it happens.
 */
function mayWait(line: string): boolean {
  const level = line.startsWith('{"level":') ? Number(line.slice(9, 11)) : 0;
  return level < 40 && line.includes('"reqId"');
}

/**
 * Where the server's log lines go (stdout by default): a request's routine lines are held in memory and
 * written out a buffer at a time, at least once a second, and at once on close and at process exit. A
 * line written straight to the file descriptor costs a system call, and every request logs two: on some
 * machines system calls are a large share of a request's cost.
 */
export function bufferedLogDestination(fd = 1): LogDestination {
  const stream = pino.destination({ dest: fd, sync: false, minLength: LOG_BUFFER_BYTES });
  const timer = setInterval(() => stream.flush(), LOG_FLUSH_MS);
  timer.unref();
  const flushSync = () => stream.flushSync();
  process.on('exit', flushSync);
  let closed = false;
  return {
    write: (line) => {
      stream.write(line);
      // After close (lines logged while shutting down) each line goes out at once.
      if (closed || !mayWait(line)) stream.flushSync();
    },
    flushSync,
    close: () => {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      process.off('exit', flushSync);
      stream.flushSync();
    },
  };
}
