import { createSignal } from "../signal";

export type ToastSeverity = "success" | "error" | "info" | "warning";

/** A button in the toast (e.g. 'Desfazer'); pressing it runs and closes the toast. */
export interface ToastAction {
  label: string;
  run(): void;
}

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  action?: ToastAction;
}

/** At most this many toasts show at once; a newer one pushes the oldest out. */
export const MAX_VISIBLE_TOASTS = 3;

let queue: readonly Toast[] = [];
let nextId = 1;
const changed = createSignal();

function setQueue(next: readonly Toast[]): void {
  queue = next;
  changed.emit();
}

function push(severity: ToastSeverity, message: string, action?: ToastAction): void {
  // The same text already waiting (e.g. several calls failing at once) is shown once.
  if (queue.some((t) => t.message === message && t.severity === severity && !action)) return;
  // Only the latest step can be undone: an older undo would act on a state that moved on.
  const kept = action ? queue.filter((t) => !t.action) : queue;
  setQueue([...kept, { id: nextId++, message, severity, action }].slice(-MAX_VISIBLE_TOASTS));
}

/** The app's toasts, callable from anywhere (hooks, the API layer, the realtime table). */
export const toast = {
  success: (message: string, action?: ToastAction) => push("success", message, action),
  error: (message: string) => push("error", message),
  info: (message: string) => push("info", message),
  warning: (message: string) => push("warning", message),
};

export const toastStore = {
  subscribe: changed.subscribe,
  getSnapshot: (): readonly Toast[] => queue,
  dismiss(id: number): void {
    setQueue(queue.filter((t) => t.id !== id));
  },
  clear(): void {
    setQueue([]);
  },
};
