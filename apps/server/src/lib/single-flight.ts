/**
 * Calls for the same key while one is running share its answer instead of computing their own.
 * Nothing is kept once it settles (a failure included), so an answer is never older than the
 * computation a caller joined: at most that computation's duration.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, compute: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current) return current;
    const started = compute().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }
}
