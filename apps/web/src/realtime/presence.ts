/** Someone going online or offline, as a company-{id}-user event carries it. */
export interface PresenceChange {
  id: number;
  online: boolean;
}

/**
 * The presence changes of a company-{id}-user "update": a batch (`users`, what the server sends
 * when people go online or offline) or one changed user record (`user`).
 */
export function presenceChanges(payload: Record<string, unknown>): PresenceChange[] {
  if (payload.action !== "update") return [];
  const items = Array.isArray(payload.users) ? (payload.users as unknown[]) : [payload.user];
  return items.flatMap((item) => {
    const { id, online } = (item ?? {}) as { id?: unknown; online?: unknown };
    return typeof online === "boolean" && Number(id) ? [{ id: Number(id), online }] : [];
  });
}
