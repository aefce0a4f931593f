import { i18n } from "../../../app/i18n";
import { createSignal } from "../../../app/signal";
import { toast } from "../../../app/toast/toastStore";
import { incidentText } from "../../connections/incidentText";

/** A connection that went down (company-{id}-connectionAlert, admins only). */
export interface ConnectionAlert {
  connectionId: number;
  name: string;
  reason: string;
  at: string;
}

let alerts: readonly ConnectionAlert[] = [];
const changed = createSignal();

function set(next: readonly ConnectionAlert[]): void {
  alerts = next;
  changed.emit();
}

/** The bell's connection alerts: one per connection down, gone when it is back. */
export const connectionAlerts = {
  subscribe: changed.subscribe,
  list: (): readonly ConnectionAlert[] => alerts,
  clear(connectionId: number): void {
    if (alerts.some((a) => a.connectionId === connectionId)) {
      set(alerts.filter((a) => a.connectionId !== connectionId));
    }
  },
  reset(): void {
    set([]);
  },
};

function asAlert(value: unknown): ConnectionAlert | null {
  const a = value as Partial<ConnectionAlert> | null;
  return a && typeof a.connectionId === "number" && typeof a.name === "string"
    ? {
        connectionId: a.connectionId,
        name: a.name,
        reason: String(a.reason ?? ""),
        at: String(a.at ?? ""),
      }
    : null;
}

/** A new incident: a toast now, and an entry in the bell until the connection is back. */
export function onConnectionAlert(payload: Record<string, unknown>): void {
  const alert = payload.action === "create" ? asAlert(payload.alert) : null;
  if (!alert) return;
  set([alert, ...alerts.filter((a) => a.connectionId !== alert.connectionId)]);
  const reason = incidentText(i18n.t, alert.reason);
  toast.warning(`${i18n.t("notifications:connectionDown", { name: alert.name })}: ${reason}`);
}

/** A connection update without an incident ends its alert (connected again, sends go out). */
export function clearRecoveredAlert(payload: Record<string, unknown>): void {
  const connection = payload.whatsapp as { id?: unknown; incidentAt?: unknown } | undefined;
  if (payload.action === "delete") {
    const id = Number(payload.whatsappId ?? connection?.id);
    if (id) connectionAlerts.clear(id);
    return;
  }
  if (typeof connection?.id === "number" && connection.incidentAt === null) {
    connectionAlerts.clear(connection.id);
  }
}
