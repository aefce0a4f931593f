export type ToastSeverity = "success" | "error" | "info" | "warning";

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

type Listener = () => void;

/** At most this many toasts show at once; a newer one pushes the oldest out. */
export const MAX_VISIBLE_TOASTS = 3;

let queue: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function setQueue(next: readonly Toast[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

function push(severity: ToastSeverity, message: string): void {
  // The same text already waiting (e.g. several calls failing at once) is shown once.
  if (queue.some((t) => t.message === message && t.severity === severity)) return;
  setQueue([...queue, { id: nextId++, message, severity }].slice(-MAX_VISIBLE_TOASTS));
}

/** The app's toasts, callable from anywhere (hooks, the API layer, the realtime table). */
export const toast = {
  success: (message: string) => push("success", message),
  error: (message: string) => push("error", message),
  info: (message: string) => push("info", message),
  warning: (message: string) => push("warning", message),
};

export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): readonly Toast[] => queue,
  dismiss(id: number): void {
    setQueue(queue.filter((t) => t.id !== id));
  },
  clear(): void {
    setQueue([]);
  },
};
