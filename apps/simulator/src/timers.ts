/**
 * A transport's pending timers: what it schedules runs only while it has not stopped, and stopping
 * clears them all, so a stopped fleet leaves nothing behind on the event loop.
 */
export class Timers {
  #pending = new Set<NodeJS.Timeout>();
  #stopped = false;

  get stopped(): boolean {
    return this.#stopped;
  }

  later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.#pending.delete(t);
      if (!this.#stopped) fn();
    }, ms);
    this.#pending.add(t);
  }

  stop(): void {
    this.#stopped = true;
    for (const t of this.#pending) clearTimeout(t);
    this.#pending.clear();
  }
}
