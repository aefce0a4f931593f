/**
 * A set of listeners told about something, without React: the one building block of the web's
 * small outside-React stores (toasts, alerts, the session's events). `subscribe` answers the
 * unsubscribe function, so it fits `useSyncExternalStore` as it is.
 */
export interface Signal<T> {
  subscribe(listener: (value: T) => void): () => void;
  emit(value: T): void;
  /** How many listen (the HTTP client checks whether anyone handles a lost session). */
  readonly size: number;
}

export function createSignal<T = void>(): Signal<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(value) {
      // A copy: a listener may unsubscribe (or subscribe another) while being told.
      for (const listener of [...listeners]) listener(value);
    },
    get size() {
      return listeners.size;
    },
  };
}
