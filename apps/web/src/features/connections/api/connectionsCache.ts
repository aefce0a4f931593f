import type { QueryClient } from "@tanstack/react-query";
import { connectionsKeys, type ConnectionDTO } from "./connectionsApi";

const byName = (a: ConnectionDTO, b: ConnectionDTO) => a.name.localeCompare(b.name);

/** A saved or live-updated connection replaces its row, or joins the list (name order). */
export function upsertConnection(queryClient: QueryClient, connection: ConnectionDTO): void {
  queryClient.setQueryData<ConnectionDTO[]>(connectionsKeys.list(), (list) => {
    if (!list) return list;
    const listed = list.some((c) => c.id === connection.id);
    const next = listed
      ? list.map((c) => (c.id === connection.id ? { ...c, ...connection } : c))
      : [...list, connection].sort(byName);
    // Only one default connection: the server cleared the others' flag.
    return connection.isDefault
      ? next.map((c) => (c.id === connection.id || !c.isDefault ? c : { ...c, isDefault: false }))
      : next;
  });
}

export function removeConnection(queryClient: QueryClient, connectionId: number): void {
  queryClient.setQueryData<ConnectionDTO[]>(connectionsKeys.list(), (list) =>
    list?.filter((c) => c.id !== connectionId),
  );
}

function asConnection(value: unknown): ConnectionDTO | null {
  return value && typeof value === "object" && "id" in value && "channelType" in value
    ? (value as ConnectionDTO)
    : null;
}

/** The company-{id}-whatsapp row of the realtime event table. */
export function applyConnectionEvent(queryClient: QueryClient, payload: Record<string, unknown>) {
  if (payload.action === "delete") {
    const id = Number(payload.whatsappId ?? asConnection(payload.whatsapp)?.id);
    if (id) removeConnection(queryClient, id);
    return;
  }
  const connection = asConnection(payload.whatsapp);
  if (payload.action === "update" && connection) upsertConnection(queryClient, connection);
}

/** The company-{id}-whatsappSession row: status, qrcode, retries and updatedAt of a session. */
export function applySessionEvent(queryClient: QueryClient, payload: Record<string, unknown>) {
  const session = payload.session as Partial<ConnectionDTO> | undefined;
  if (payload.action !== "update" || !session || typeof session.id !== "number") return;
  const { id, status, qrcode, retries, updatedAt } = session;
  queryClient.setQueryData<ConnectionDTO[]>(connectionsKeys.list(), (list) =>
    list?.map((c) =>
      c.id === id
        ? {
            ...c,
            status: status ?? c.status,
            qrcode: qrcode !== undefined ? qrcode : c.qrcode,
            retries: retries ?? c.retries,
            updatedAt: updatedAt ?? c.updatedAt,
          }
        : c,
    ),
  );
}
